import {
  EXAM_FIELDS,
  type Exam,
  type ExamParticipant,
  type ExamRegionTable,
  type ExamVerdict,
  type ExamVoteValue,
  type Language,
} from '@oqu/contracts';
import { translate } from '../../i18n/messages.js';
import { toTraineeIdentity } from '../users/users.presenter.js';
import type { ExamRecord, ParticipantRecord, PersonJson, SignatureRecord, VoteJson } from './exams.repository.js';
import type { ReportCard } from './report-card.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const person = (p: PersonJson) => ({ ID: p.id, Fullname: p.name });

/** The group of an exam without regions: every trainee of the plan, Region.ID 0. */
export const NO_REGION_ID = 0;

/** Each examiner's vote in the examiners' order ('' where they gave none). */
export function votesInOrder(votes: VoteJson[], examinerIds: number[]): ExamVoteValue[] {
  const byExaminer = new Map(votes.map((v) => [v.e, v.a]));
  return examinerIds.map((id) => {
    const accepted = byExaminer.get(id);
    return accepted === undefined ? '' : accepted ? 'true' : 'false';
  });
}

/**
 * The verdict on a trainee from the votes of the exam's examiners: accepted when a strict majority of
 * those who voted accepted and no examiner who signed the report card rejected; rejected when a
 * majority of those who voted rejected, or an examiner who signed rejected; pending otherwise (no
 * votes, a tie). Votes of people no longer among the examiners do not count.
 */
export function examVerdict(votes: VoteJson[], examinerIds: number[], signedBy: number[]): ExamVerdict {
  const counted = votes.filter((v) => examinerIds.includes(v.e));
  const accepted = counted.filter((v) => v.a).length;
  const rejected = counted.length - accepted;
  const signedRejection = counted.some((v) => !v.a && signedBy.includes(v.e));
  if (signedRejection || rejected * 2 > counted.length) return 'rejected';
  if (accepted * 2 > counted.length) return 'accepted';
  return 'pending';
}

/** Every examiner of the exam has signed its report card: the verdict is final and trainees see it. */
export const allSigned = (row: Pick<ExamRecord, 'examiners' | 'signed_by'>) =>
  row.examiners.length > 0 && row.examiners.every((e) => row.signed_by.includes(e.id));

/** A trainee's verdict as they see it: null until every examiner has signed. */
export const traineeVerdict = (row: ExamRecord): ExamVerdict | null =>
  allSigned(row)
    ? examVerdict(
        row.votes,
        row.examiners.map((e) => e.id),
        row.signed_by,
      )
    : null;

/** An exam; `trainee` adds the caller's own Results, Verdict and BelowPassMark. */
export function toExam(row: ExamRecord, language: Language, trainee: boolean): Exam {
  const examiners = row.examiners.map(person);
  return {
    ID: row.id,
    Name: row.name,
    PlanID: row.plan_id,
    Plan: row.plan_name,
    TypeID: row.type_id,
    Type: row[`type_${language}`],
    PassMarks: row.pass_marks,
    TestCount: row.test_count,
    BeginTime: iso(row.begin_time),
    Duration: row.duration_minutes,
    Status: row.status,
    EndedAt: row.ended_at === null ? null : iso(row.ended_at),
    Examenators: examiners,
    Examenator: examiners[0] ?? null,
    Regions: row.regions.map(person),
    Participants: row.participants,
    SignedBy: row.signed_by,
    ChairID: examiners[0]?.ID ?? null,
    EditableFields: [...EXAM_FIELDS],
    LockReason: null,
    CompletedAt: null,
    ...(trainee
      ? {
          Results: { Passed: row.passed, Total: row.test_count },
          Verdict: traineeVerdict(row),
          BelowPassMark: row.passed < row.pass_marks,
        }
      : {}),
    Now: iso(row.now),
  };
}

function toParticipant(row: ParticipantRecord, exam: ExamRecord, viewerId: number): ExamParticipant {
  const examinerIds = exam.examiners.map((e) => e.id);
  const votes = votesInOrder(row.votes, examinerIds);
  return {
    ...toTraineeIdentity(row),
    Results: { Passed: row.passed, Total: exam.test_count },
    BelowPassMark: row.passed < exam.pass_marks,
    ExamenatorVote: votesInOrder(row.votes, [viewerId])[0] ?? '',
    Votes: exam.examiners.map((e, i) => ({ ID: e.id, Fullname: e.name, Vote: votes[i] ?? '' })),
    Verdict: examVerdict(row.votes, examinerIds, exam.signed_by),
  };
}

/**
 * The regions as groups of their participants: the exam's regions by name (`onlyRegion`: that one),
 * each with its trainees in the order read; one group "Без региона" (ID 0) for an exam without regions.
 */
export function regionGroups<T extends { region_id: number | null }>(
  exam: Pick<ExamRecord, 'regions'>,
  participants: T[],
  noRegionName: string,
  onlyRegion?: number,
): { region: PersonJson; members: T[] }[] {
  if (exam.regions.length === 0) return [{ region: { id: NO_REGION_ID, name: noRegionName }, members: participants }];
  const byRegion = new Map<number, T[]>();
  for (const p of participants) {
    const list = byRegion.get(p.region_id ?? NO_REGION_ID);
    if (list) list.push(p);
    else byRegion.set(p.region_id ?? NO_REGION_ID, [p]);
  }
  return exam.regions
    .filter((region) => onlyRegion === undefined || region.id === onlyRegion)
    .map((region) => ({ region, members: byRegion.get(region.id) ?? [] }));
}

export function toTable(
  exam: ExamRecord,
  participants: ParticipantRecord[],
  viewerId: number,
  language: Language,
  onlyRegion?: number,
): ExamRegionTable[] {
  return regionGroups(exam, participants, translate('exam_no_region', language), onlyRegion).map(({ region, members }) => ({
    Region: person(region),
    Users: members.map((m) => toParticipant(m, exam, viewerId)),
  }));
}

/** The report card's content (always Russian: an official document); see ReportCard. */
export function toReportCard(
  exam: ExamRecord,
  participants: ParticipantRecord[],
  signatures: SignatureRecord[],
  timeZone: string,
): ReportCard {
  const examinerIds = exam.examiners.map((e) => e.id);
  const begin = new Date(exam.begin_time);
  return {
    documentNumber: `ЭК-${exam.id}-${new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(begin)}`,
    timeZone,
    exam: {
      id: exam.id,
      name: exam.name,
      plan: exam.plan_name,
      type: exam.type_ru,
      beginTime: begin,
      durationMinutes: exam.duration_minutes,
      endedAt: exam.ended_at === null ? null : new Date(exam.ended_at),
      status: exam.status,
      passMarks: exam.pass_marks,
      testCount: exam.test_count,
    },
    examiners: exam.examiners.map((e) => ({ id: e.id, fullname: e.name })),
    // stand-ins of branch h/cert: the exam-record work fills the chair and the organisation
    chair: null,
    organisation: { name: '', details: '' },
    regions: regionGroups(exam, participants, translate('exam_no_region', 'ru')).map(({ region, members }) => ({
      region: { id: region.id, fullname: region.name },
      trainees: members.map((m) => ({
        id: m.id,
        fullname: m.full_name,
        department: m.department,
        duty: m.duty,
        iin: m.iin,
        tabel: m.tabel ?? '',
        passed: m.passed,
        total: exam.test_count,
        belowPassMark: m.passed < exam.pass_marks,
        votes: votesInOrder(m.votes, examinerIds),
        verdict: examVerdict(m.votes, examinerIds, exam.signed_by),
      })),
    })),
    signatures: signatures.map((s) => ({
      examinerId: s.examiner_id,
      signerName: s.signer_name,
      iin: s.signer_iin,
      serial: s.certificate_serial,
      signedAt: new Date(s.signed_at),
    })),
  };
}
