import { EXAM_STATUS, type ExamParticipant, type ExamVoteValue } from '@oqu/contracts';
import type { ExamTable } from './api';

/**
 * Pure rules of the examiner's screens (admin-back-office.md §4; issue «The exam record holds»):
 * votes per trainee, the region-wide accept, the tiles' counts, and when votes and signing are open.
 */

export interface VoteChange {
  UserID: number;
  ExamID: number;
  Vote: ExamVoteValue;
}

type Voted = Pick<ExamParticipant, 'ID' | 'ExamenatorVote'>;

/**
 * «Принять весь регион»: accepts the trainees the caller has not decided on yet. An explicit
 * rejection stays, and nothing is ever emptied: only the votes it changes are sent.
 */
export function regionAccept(users: readonly Voted[], examId: number): VoteChange[] {
  return users.filter((user) => user.ExamenatorVote === '').map((user) => ({ UserID: user.ID, ExamID: examId, Vote: 'true' }));
}

/** What the region-wide accept would do, for its confirmation: votes it changes, and how many of those trainees are below the pass mark. */
export function regionAcceptSummary(users: readonly Pick<ExamParticipant, 'ID' | 'ExamenatorVote' | 'BelowPassMark'>[]): {
  changes: number;
  belowPassMark: number;
} {
  const undecided = users.filter((user) => user.ExamenatorVote === '');
  return { changes: undecided.length, belowPassMark: undecided.filter((user) => user.BelowPassMark).length };
}

/** A table with the caller's votes changed as the server will store them (shown before it answers). */
export function withVotes<T extends { data: { Users: Voted[] }[] }>(table: T, votes: readonly VoteChange[]): T {
  const byUser = new Map(votes.map((vote) => [vote.UserID, vote.Vote]));
  return {
    ...table,
    data: table.data.map((region) => ({
      ...region,
      Users: region.Users.map((user) => {
        const vote = byUser.get(user.ID);
        return vote === undefined ? user : { ...user, ExamenatorVote: vote };
      }),
    })),
  };
}

/** The votes the caller has given in a region (a tile's count). */
export function votesGiven(users: readonly Voted[]): number {
  return users.filter((user) => user.ExamenatorVote !== '').length;
}

type TableState = Pick<ExamTable, 'Signed' | 'DocumentFixed' | 'Undecided'> & { exam: Pick<ExamTable['exam'], 'Status'> };

/**
 * Whether the caller's vote buttons work: `notYet` while the exam waits for its start (the server
 * refuses votes then), `final` once anyone has signed (the document and every vote are fixed).
 */
export type VotingState = 'open' | 'notYet' | 'final';

export function votingState(table: TableState): VotingState {
  if (table.Signed || table.DocumentFixed) return 'final';
  return table.exam.Status === EXAM_STATUS.Waiting ? 'notYet' : 'open';
}

/**
 * Whether the caller may sign now: once the exam is over and every examiner has voted on every
 * participant (the one document all sign carries every verdict), until they have signed.
 */
export type SigningState = 'open' | 'notFinished' | 'undecided' | 'signed';

export function signingState(table: TableState): SigningState {
  if (table.Signed) return 'signed';
  if (table.exam.Status !== EXAM_STATUS.Finished) return 'notFinished';
  return table.Undecided.length > 0 ? 'undecided' : 'open';
}
