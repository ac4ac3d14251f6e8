import type { ExamVerdict } from '@oqu/contracts';

/** One examiner's vote on one trainee. */
export interface Vote {
  /** the examiner */
  e: number;
  /** accepted */
  a: boolean;
}

/**
 * The rule the report card states (EXAM_VERDICT_RULE_RU): a trainee is accepted only if every
 * examiner of the commission accepted; one rejection rejects; otherwise (someone has not voted) the
 * verdict is pending. Votes of people no longer among the examiners do not count.
 */
export function examVerdict(votes: Vote[], examinerIds: number[]): ExamVerdict {
  const byExaminer = new Map(votes.map((v) => [v.e, v.a]));
  const given = examinerIds.map((id) => byExaminer.get(id));
  if (given.includes(false)) return 'rejected';
  if (given.length > 0 && given.every((accepted) => accepted === true)) return 'accepted';
  return 'pending';
}

/** Every examiner of the exam has signed its report card: the verdict is final and trainees see it. */
export const allSigned = (exam: { examiners: { id: number }[]; signed_by: number[] }) =>
  exam.examiners.length > 0 && exam.examiners.every((e) => exam.signed_by.includes(e.id));

/**
 * A participant's verdict: the one the fixed document states (written at the first signature), else
 * the rule applied to the votes as they stand.
 */
export const participantVerdict = (participant: { verdict: ExamVerdict | null; votes: Vote[] }, exam: { examiners: { id: number }[] }) =>
  participant.verdict ??
  examVerdict(
    participant.votes,
    exam.examiners.map((e) => e.id),
  );

/** A trainee's verdict as they see it (their exam's row carries their verdict and votes): null until every examiner has signed. */
export const traineeVerdict = (row: { verdict: ExamVerdict | null; votes: Vote[]; examiners: { id: number }[]; signed_by: number[] }) =>
  allSigned(row) ? participantVerdict(row, row) : null;

/**
 * Who still has to vote on whom: each examiner (in the given order) with the participants they have
 * not voted on, those who voted on everyone left out. Signing opens when this is empty.
 */
export function undecided<P extends { votes: Vote[] }>(
  participants: P[],
  examiners: { id: number; name: string }[],
): { examiner: { id: number; name: string }; trainees: P[] }[] {
  return examiners
    .map((examiner) => ({ examiner, trainees: participants.filter((p) => !p.votes.some((v) => v.e === examiner.id)) }))
    .filter((entry) => entry.trainees.length > 0);
}
