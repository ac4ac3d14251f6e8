import { describe, expect, it } from 'vitest';
import { regionAccept, regionAcceptSummary, signingState, votesGiven, votingState, withVotes } from './votes';

const users = (...votes: ('true' | 'false' | '')[]) => votes.map((vote, index) => ({ ID: index + 1, ExamenatorVote: vote }));

describe('the region-wide accept', () => {
  it('accepts only the trainees without the caller’s decision: a rejection stays, nothing is emptied', () => {
    expect(regionAccept(users('true', 'false', '', ''), 9)).toEqual([
      { UserID: 3, ExamID: 9, Vote: 'true' },
      { UserID: 4, ExamID: 9, Vote: 'true' },
    ]);
    expect(regionAccept(users('true', 'false'), 9)).toEqual([]);
    expect(regionAccept([], 9)).toEqual([]);
  });

  it('says how many decisions change and how many of those trainees are below the pass mark', () => {
    const region = [
      { ID: 1, ExamenatorVote: '' as const, BelowPassMark: true },
      { ID: 2, ExamenatorVote: '' as const, BelowPassMark: false },
      // decided already: neither counts, below the pass mark or not
      { ID: 3, ExamenatorVote: 'false' as const, BelowPassMark: true },
      { ID: 4, ExamenatorVote: 'true' as const, BelowPassMark: true },
      { ID: 5, ExamenatorVote: '' as const, BelowPassMark: true },
    ];
    expect(regionAcceptSummary(region)).toEqual({ changes: 3, belowPassMark: 2 });
    expect(regionAcceptSummary([])).toEqual({ changes: 0, belowPassMark: 0 });
  });

  it('counts only given votes', () => {
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

describe('when votes and signing are open', () => {
  const undecided = [{ ExamenatorID: 2, Fullname: 'Б', Trainees: [{ ID: 7, Fullname: 'В' }] }];
  const state = (Status: string, over: { Signed?: boolean; DocumentFixed?: boolean; Undecided?: typeof undecided } = {}) => ({
    Signed: false,
    DocumentFixed: false,
    Undecided: [],
    exam: { Status: Status as 'Ожидается' },
    ...over,
  });

  it('keeps the vote buttons inactive before the start, and final for everyone after the first signature', () => {
    expect(votingState(state('Ожидается'))).toBe('notYet');
    expect(votingState(state('В процессе'))).toBe('open');
    expect(votingState(state('Завершен'))).toBe('open');
    expect(votingState(state('Завершен', { DocumentFixed: true }))).toBe('final');
    expect(votingState(state('Завершен', { Signed: true, DocumentFixed: true }))).toBe('final');
  });

  it('opens signing once the exam is over and nobody is undecided, until the caller has signed', () => {
    expect(signingState(state('В процессе'))).toBe('notFinished');
    expect(signingState(state('Завершен', { Undecided: undecided }))).toBe('undecided');
    expect(signingState(state('Завершен'))).toBe('open');
    expect(signingState(state('Завершен', { DocumentFixed: true }))).toBe('open');
    expect(signingState(state('Завершен', { Signed: true, DocumentFixed: true }))).toBe('signed');
  });
});
