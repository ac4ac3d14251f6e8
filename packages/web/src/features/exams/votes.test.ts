import { describe, expect, it } from 'vitest';
import { allAccepted, examClocks, nextStatusChange, regionToggle, votesGiven, withVotes } from './votes';

const users = (...votes: ('true' | 'false' | '')[]) => votes.map((vote, index) => ({ ID: index + 1, ExamenatorVote: vote }));

describe('the region’s votes', () => {
  it('accepts every trainee not yet accepted when the region is not all accepted', () => {
    expect(regionToggle(users('true', 'false', ''), 9)).toEqual([
      { UserID: 2, ExamID: 9, Vote: 'true' },
      { UserID: 3, ExamID: 9, Vote: 'true' },
    ]);
  });

  it('empties every vote of a region that is all accepted', () => {
    expect(allAccepted(users('true', 'true'))).toBe(true);
    expect(regionToggle(users('true', 'true'), 9)).toEqual([
      { UserID: 1, ExamID: 9, Vote: '' },
      { UserID: 2, ExamID: 9, Vote: '' },
    ]);
  });

  it('counts an empty region as not accepted, and only given votes', () => {
    expect(allAccepted([])).toBe(false);
    expect(regionToggle([], 9)).toEqual([]);
    expect(votesGiven(users('true', '', 'false', ''))).toBe(2);
  });

  it('shows the changed votes in every region before the server answers, the rest untouched', () => {
    const table = { Signed: false, data: [{ Users: users('true', 'false') }, { Users: [{ ID: 3, ExamenatorVote: '' as const }] }] };
    const next = withVotes(table, [
      { UserID: 2, ExamID: 9, Vote: '' },
      { UserID: 3, ExamID: 9, Vote: 'true' },
    ]);
    expect(next.data.map((region) => region.Users.map((user) => user.ExamenatorVote))).toEqual([['true', ''], ['true']]);
    expect(next.Signed).toBe(false);
    expect(table.data[0].Users[1].ExamenatorVote).toBe('false');
  });
});

describe('the exam’s clocks', () => {
  const begin = Date.parse('2026-03-02T10:00:00Z');
  const exam = { BeginTime: '2026-03-02T10:00:00Z', Duration: 120, EndedAt: null };

  it('counts up from the start and down to the planned end while it runs; negative before the start', () => {
    expect(examClocks({ ...exam, Status: 'В процессе' }, begin + 90_500)).toEqual({ elapsed: 90, remaining: 7109 });
    expect(examClocks({ ...exam, Status: 'Ожидается' }, begin - 60_000).elapsed).toBeLessThan(0);
  });

  it('stops the elapsed time where a finished exam ended; nothing remains', () => {
    const ended = { ...exam, Status: 'Завершен', EndedAt: '2026-03-02T10:30:00Z' };
    expect(examClocks(ended, begin + 5 * 3_600_000)).toEqual({ elapsed: 1800, remaining: null });
    expect(examClocks({ ...exam, Status: 'Завершен' }, begin + 5 * 3_600_000)).toEqual({ elapsed: 7200, remaining: null });
    expect(examClocks({ ...exam, BeginTime: 'nonsense', Status: 'Завершен' }, begin)).toEqual({ elapsed: null, remaining: null });
  });

  it('expects the status to change at the start, then at the planned end', () => {
    expect(nextStatusChange({ ...exam, Status: 'Ожидается' })).toBe(begin);
    expect(nextStatusChange({ ...exam, Status: 'В процессе' })).toBe(begin + 7_200_000);
    expect(nextStatusChange({ ...exam, Status: 'Завершен' })).toBeNull();
  });
});
