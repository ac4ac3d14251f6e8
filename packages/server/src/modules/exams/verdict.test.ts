import { describe, expect, it } from 'vitest';
import { examVerdict, participantVerdict, traineeVerdict, undecided } from './verdict.js';

const vote = (e: number, a: boolean) => ({ e, a });

describe('the verdict rule', () => {
  it('accepts only when every examiner of the commission accepted', () => {
    expect(examVerdict([vote(1, true), vote(2, true), vote(3, true)], [1, 2, 3])).toBe('accepted');
    expect(examVerdict([vote(1, true), vote(2, true)], [1, 2, 3])).toBe('pending');
    expect(examVerdict([], [1, 2, 3])).toBe('pending');
    expect(examVerdict([], [])).toBe('pending');
  });

  it('rejects on any one rejection, whatever the others say', () => {
    expect(examVerdict([vote(1, true), vote(2, false)], [1, 2])).toBe('rejected');
    expect(examVerdict([vote(2, false)], [1, 2, 3])).toBe('rejected');
  });

  it('ignores votes of people no longer examining', () => {
    expect(examVerdict([vote(9, false), vote(1, true)], [1])).toBe('accepted');
    expect(examVerdict([vote(9, true)], [1])).toBe('pending');
  });

  it('names each examiner with the participants they have not voted on, in the examiners’ order', () => {
    const people = [
      { id: 10, votes: [vote(1, true), vote(2, false)] },
      { id: 11, votes: [vote(2, true)] },
      { id: 12, votes: [] },
    ];
    const examiners = [
      { id: 1, name: 'Первый' },
      { id: 2, name: 'Второй' },
      { id: 3, name: 'Третий' },
    ];
    expect(undecided(people, examiners).map((u) => [u.examiner.id, u.trainees.map((t) => t.id)])).toEqual([
      [1, [11, 12]],
      [2, [12]],
      [3, [10, 11, 12]],
    ]);
    expect(undecided([people[0]], examiners.slice(0, 2))).toEqual([]);
  });

  it('keeps the verdict the fixed document states over the votes as they stand', () => {
    const exam = { examiners: [{ id: 1 }, { id: 2 }] };
    expect(participantVerdict({ verdict: null, votes: [vote(1, true), vote(2, true)] }, exam)).toBe('accepted');
    expect(participantVerdict({ verdict: 'rejected', votes: [vote(1, true), vote(2, true)] }, exam)).toBe('rejected');
  });

  it('tells a trainee the verdict only once every examiner signed', () => {
    const row = { verdict: null, votes: [vote(1, true), vote(2, false)], examiners: [{ id: 1 }, { id: 2 }] };
    expect(traineeVerdict({ ...row, signed_by: [1] })).toBeNull();
    expect(traineeVerdict({ ...row, signed_by: [2, 1] })).toBe('rejected');
    expect(traineeVerdict({ ...row, examiners: [], signed_by: [] })).toBeNull();
  });
});
