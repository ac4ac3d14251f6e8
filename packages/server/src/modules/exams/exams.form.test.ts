import { EXAM_STATUS, type ExamRequest } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { beginsOnTime, changedFields, peopleOf, refusalError } from './exams.form.js';
import type { ExamFormRecord } from './exams.repository.js';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const form = (values: Partial<ExamRequest> = {}): ExamRequest => ({
  Name: 'Проверка знаний',
  PlanID: 7,
  TypeID: 14,
  PassMarks: 2,
  BeginTime: '2026-11-26T16:00:00+06:00',
  Duration: 90,
  Examenators: [20, 21],
  Regions: [50, 51],
  ...values,
});
const stored: ExamFormRecord = {
  id: 1,
  name: 'Проверка знаний',
  plan_id: 7,
  type_id: 14,
  pass_marks: 2,
  begin_time: new Date('2026-11-26T10:00:00Z'),
  duration_minutes: 90,
  created_by: 1,
  status: EXAM_STATUS.Live,
  voted: false,
  signed: false,
  examiners: [20, 21],
  chair: 21,
  regions: [50, 51],
};
const changes = (values: Partial<ExamRequest>) => changedFields(stored, form(values), peopleOf(form(values), stored.chair));

describe('the exam form’s save', () => {
  it('names each person once, and the chair as sent, else the stored one while they examine, else the first', () => {
    expect(peopleOf(form({ Examenators: [21, 20, 21], Regions: [51, 51] }), null)).toEqual({
      examiners: { ids: [21, 20], chair: 21 },
      regions: [51],
    });
    expect(peopleOf(form({ ChairID: 20 }), 21).examiners.chair).toBe(20);
    expect(peopleOf(form(), 21).examiners.chair).toBe(21);
    expect(peopleOf(form({ Examenators: [22, 20] }), 21).examiners.chair).toBe(22);
  });

  it('sees no change in the stored values sent back, whatever the offset or the regions’ order', () => {
    expect(changes({})).toEqual([]);
    expect(changes({ BeginTime: '2026-11-26T10:00:00.000Z', Regions: [51, 50], ChairID: 21 })).toEqual([]);
    // the form sends minutes: a moment within the stored one's minute is the same
    expect(changes({ BeginTime: '2026-11-26T16:00:59.999+06:00' })).toEqual([]);
  });

  it('sees each field that differs', () => {
    expect(changes({ Name: 'Другое' })).toEqual(['Name']);
    expect(changes({ PlanID: 8, TypeID: 13, PassMarks: 0, Duration: 60 })).toEqual(['PlanID', 'TypeID', 'PassMarks', 'Duration']);
    expect(changes({ BeginTime: '2026-11-26T16:01:00+06:00' })).toEqual(['BeginTime']);
    // the card lists examiners in their order: reordering them is a change
    expect(changes({ Examenators: [21, 20] })).toEqual(['Examenators']);
    expect(changes({ ChairID: 20 })).toEqual(['ChairID']);
    expect(changes({ Examenators: [20] })).toEqual(['Examenators', 'ChairID']);
    expect(changes({ Regions: [] })).toEqual(['Regions']);
  });

  it('lets an exam begin at most a minute ago', () => {
    const at = (ms: number) => form({ BeginTime: new Date(NOW + ms).toISOString() });
    expect(() => beginsOnTime(at(3_600_000), NOW)).not.toThrow();
    expect(() => beginsOnTime(at(-60_000), NOW)).not.toThrow();
    expect(() => beginsOnTime(at(-60_001), NOW)).toThrow(expect.objectContaining({ statusCode: 422, key: 'exam_begin_past' }));
  });

  it('answers a refusal by its reason, naming the field in the caller’s language', () => {
    const role = refusalError({ reason: 'role', field: 'PassMarks' }, 'exam_lock_admin_only', 'kk');
    expect(role).toBeInstanceOf(AppError);
    expect(role).toMatchObject({ statusCode: 403, key: 'exam_field_admin_only', params: { field: 'Өту балы' } });
    expect(refusalError({ reason: 'signed', field: 'Name' }, 'exam_lock_signed', 'ru')).toMatchObject({ statusCode: 409 });
    expect(refusalError({ reason: 'frozen', field: 'Regions' }, 'exam_lock_voted', 'en')).toMatchObject({
      statusCode: 422,
      params: { field: 'Audiences (regions)', reason: 'Examiners have given decisions: only the name can be changed' },
    });
  });
});
