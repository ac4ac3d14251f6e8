import { EXAM_STATUS, type Exam, type ExamParticipant } from '@oqu/contracts';

/** Why an exam cannot be deleted: its record is kept once signed or once any examiner has voted. */
export type DeleteRefusal = 'signed' | 'voted' | null;

/** Whether the exam's votes must be read to know: nobody votes before the start, and a signature settles it. */
export function deleteNeedsVotes(exam: Pick<Exam, 'SignedBy' | 'Status'>): boolean {
  return exam.SignedBy.length === 0 && exam.Status !== EXAM_STATUS.Waiting;
}

/**
 * Why the exam cannot be deleted, from the exam and (when `deleteNeedsVotes`) its table's votes;
 * `undefined` while those are being read. Without them (a caller the table is not shown to) the
 * server's answer says it.
 */
export function deleteRefusal(
  exam: Pick<Exam, 'SignedBy' | 'Status'>,
  votes: { data: { Users: Pick<ExamParticipant, 'Votes'>[] }[] } | null | undefined,
): DeleteRefusal | undefined {
  if (exam.SignedBy.length > 0) return 'signed';
  if (!deleteNeedsVotes(exam) || votes === null) return null;
  if (!votes) return undefined;
  return votes.data.some((region) => region.Users.some((user) => user.Votes.some((vote) => vote.Vote !== ''))) ? 'voted' : null;
}
