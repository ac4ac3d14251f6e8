import { EXAM_STATUS, type ExamParticipant, type ExamVoteValue } from '@oqu/contracts';
import { secondsBetween } from '../webinars/room/time';

/**
 * Pure rules of the examiner's screens (admin-back-office.md §4): votes per trainee, the region's
 * "accept all" toggle, the tiles' counts and the exam's clocks.
 */

export interface VoteChange {
  UserID: number;
  ExamID: number;
  Vote: ExamVoteValue;
}

type Voted = Pick<ExamParticipant, 'ID' | 'ExamenatorVote'>;

/** Every trainee of the region accepted by the caller (none there: not). */
export function allAccepted(users: readonly Voted[]): boolean {
  return users.length > 0 && users.every((user) => user.ExamenatorVote === 'true');
}

/**
 * "Accept whole region" (§4): toggles the region between all accepted and all empty. Only the
 * votes it changes are sent.
 */
export function regionToggle(users: readonly Voted[], examId: number): VoteChange[] {
  const target: ExamVoteValue = allAccepted(users) ? '' : 'true';
  return users.filter((user) => user.ExamenatorVote !== target).map((user) => ({ UserID: user.ID, ExamID: examId, Vote: target }));
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

interface Timed {
  BeginTime: string;
  Duration: number;
  Status: string;
  EndedAt: string | null;
}

/**
 * Seconds since the exam began and until its planned end, on the server's clock `now` (ms). Once
 * it is over the elapsed time stops where it ended (early, or at the planned end) and nothing remains.
 */
export function examClocks(exam: Timed, now: number): { elapsed: number | null; remaining: number | null } {
  const begin = Date.parse(exam.BeginTime);
  if (!Number.isFinite(begin)) return { elapsed: null, remaining: null };
  const plannedEnd = begin + exam.Duration * 60_000;
  if (exam.Status !== EXAM_STATUS.Finished) return { elapsed: secondsBetween(begin, now), remaining: secondsBetween(now, plannedEnd) };
  const ended = exam.EndedAt ? Date.parse(exam.EndedAt) : Number.NaN;
  const end = Number.isFinite(ended) ? ended : plannedEnd;
  return { elapsed: secondsBetween(begin, Math.min(now, end)), remaining: null };
}

/** When the exam's status changes with the clock alone (ms, server time): at its start, then at its planned end. */
export function nextStatusChange(exam: Timed): number | null {
  const begin = Date.parse(exam.BeginTime);
  if (!Number.isFinite(begin)) return null;
  if (exam.Status === EXAM_STATUS.Waiting) return begin;
  if (exam.Status === EXAM_STATUS.Live) return begin + exam.Duration * 60_000;
  return null;
}
