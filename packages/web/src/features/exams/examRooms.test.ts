import { describe, expect, it } from 'vitest';
import { examClocks, examEndsAt, examinerNames, examStatusTone, nextStatusChange, verdictKey } from './examRooms';

describe('verdictKey', () => {
  it('gives the verdict once signed, "awaiting signatures" once over, else nothing', () => {
    expect(verdictKey({ Verdict: 'accepted', Status: 'Завершен' })).toBe('accepted');
    expect(verdictKey({ Verdict: 'rejected', Status: 'Завершен' })).toBe('rejected');
    expect(verdictKey({ Verdict: 'pending', Status: 'Завершен' })).toBe('pending');
    expect(verdictKey({ Verdict: null, Status: 'Завершен' })).toBe('awaitingSignature');
    expect(verdictKey({ Verdict: null, Status: 'В процессе' })).toBe('none');
    expect(verdictKey({ Status: 'Ожидается' })).toBe('none');
  });
});

describe('examinerNames', () => {
  it('lists every examiner, else the single one', () => {
    const a = { ID: 1, Fullname: 'Ахметова Г. С.' };
    const b = { ID: 2, Fullname: 'Оспанов Н. К.' };
    expect(examinerNames({ Examenators: [a, b], Examenator: a })).toBe('Ахметова Г. С., Оспанов Н. К.');
    expect(examinerNames({ Examenators: [], Examenator: b })).toBe('Оспанов Н. К.');
    expect(examinerNames({ Examenators: [], Examenator: null })).toBe('');
  });
});

describe('examStatusTone', () => {
  it('is blue only in progress (admin-back-office.md §4)', () => {
    expect(examStatusTone('В процессе')).toBe('blue');
    expect(examStatusTone('Ожидается')).toBe('grey');
    expect(examStatusTone('Завершен')).toBe('grey');
  });
});

describe('examClocks', () => {
  const begin = '2026-11-25T10:00:00+06:00';
  const at = (time: string) => Date.parse(`2026-11-25T${time}+06:00`);

  it('counts since the start and until the planned end while it runs', () => {
    const exam = { BeginTime: begin, Duration: 120, EndedAt: null, Status: 'В процессе' } as const;
    expect(examClocks(exam, at('10:30:15'))).toEqual({ elapsed: 1815, remaining: 5385, until: 'end' });
  });

  it('counts down to the start before it («До начала»), nothing elapsed', () => {
    const exam = { BeginTime: begin, Duration: 120, EndedAt: null, Status: 'Ожидается' } as const;
    expect(examClocks(exam, at('09:59:00'))).toEqual({ elapsed: null, remaining: 60, until: 'start' });
  });

  it('stops at the end once over: completed early, or at the planned end', () => {
    const early = { BeginTime: begin, Duration: 120, EndedAt: '2026-11-25T10:45:00+06:00', Status: 'Завершен' } as const;
    expect(examEndsAt(early)).toBe(at('10:45:00'));
    expect(examClocks(early, at('13:00:00'))).toEqual({ elapsed: 2700, remaining: null, until: 'end' });
    const late = { BeginTime: begin, Duration: 120, EndedAt: null, Status: 'Завершен' } as const;
    expect(examClocks(late, at('15:00:00'))).toEqual({ elapsed: 7200, remaining: null, until: 'end' });
    expect(examClocks({ ...late, BeginTime: 'nonsense' }, at('15:00:00'))).toEqual({ elapsed: null, remaining: null, until: 'end' });
  });

  it('expects the status to change at the start, then at the planned end', () => {
    const exam = { BeginTime: begin, Duration: 120, EndedAt: null };
    expect(nextStatusChange({ ...exam, Status: 'Ожидается' })).toBe(at('10:00:00'));
    expect(nextStatusChange({ ...exam, Status: 'В процессе' })).toBe(at('12:00:00'));
    expect(nextStatusChange({ ...exam, Status: 'Завершен' })).toBeNull();
  });
});
