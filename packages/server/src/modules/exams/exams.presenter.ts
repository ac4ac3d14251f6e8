import {
  type Exam,
  type ExamParticipant,
  type ExamRegionTable,
  type ExamUndecided,
  type ExamVoteValue,
  type Language,
  Role,
} from '@oqu/contracts';
import { translate } from '../../i18n/messages.js';
import type { AuthUser } from '../auth/auth-user.js';
import { toTraineeIdentity } from '../users/users.presenter.js';
import { examEditing } from './exams.policy.js';
import type { ExamRecord, ParticipantRecord, PersonJson, SignatureRecord, VoteJson } from './exams.repository.js';
import type { ReportCard } from './report-card.js';
import { participantVerdict, traineeVerdict, undecided } from './verdict.js';

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

/** Who still has to vote on whom, as /table/get answers it. */
export function toUndecided(exam: Pick<ExamRecord, 'examiners'>, participants: ParticipantRecord[]): ExamUndecided[] {
  return undecided(participants, exam.examiners).map(({ examiner, trainees }) => ({
    ExamenatorID: examiner.id,
    Fullname: examiner.name,
    Trainees: trainees.map((t) => ({ ID: t.id, Fullname: t.full_name })),
  }));
}

/**
 * An exam as `viewer` reads it: what of it they may change now and why not the rest; a trainee also
 * gets their own Results, Verdict and BelowPassMark.
 */
export function toExam(row: ExamRecord, language: Language, viewer: Pick<AuthUser, 'id' | 'roleId'>): Exam {
  const examiners = row.examiners.map(person);
  const editing = examEditing(viewer, { ...row, signed: row.signed_by.length > 0 });
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
    ChairID: row.chair_id,
    EditableFields: editing.fields,
    LockReason: editing.lock && translate(editing.lock, language),
    CompletedAt: row.completed_at === null ? null : iso(row.completed_at),
    ...(viewer.roleId === Role.Trainee
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
    Verdict: participantVerdict(row, exam),
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
  settings: { timeZone: string; organisation: ReportCard['organisation'] },
): ReportCard {
  const { timeZone } = settings;
  const examinerIds = exam.examiners.map((e) => e.id);
  const begin = new Date(exam.begin_time);
  const chair = exam.examiners.find((e) => e.id === exam.chair_id);
  return {
    documentNumber: `ЭК-${exam.id}-${new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(begin)}`,
    timeZone,
    organisation: settings.organisation,
    exam: {
      id: exam.id,
      name: exam.name,
      plan: exam.plan_name,
      type: exam.type_ru,
      beginTime: begin,
      durationMinutes: exam.duration_minutes,
      endedAt: exam.ended_at === null ? null : new Date(exam.ended_at),
      completedAt: exam.completed_at === null ? null : new Date(exam.completed_at),
      status: exam.status,
      passMarks: exam.pass_marks,
      testCount: exam.test_count,
    },
    examiners: exam.examiners.map((e) => ({ id: e.id, fullname: e.name })),
    chair: chair ? { id: chair.id, fullname: chair.name } : null,
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
        verdict: participantVerdict(m, exam),
      })),
    })),
    undecided: undecided(participants, exam.examiners).map(({ examiner, trainees }) => ({
      examiner: { id: examiner.id, fullname: examiner.name },
      trainees: trainees.map((t) => ({ id: t.id, fullname: t.full_name })),
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
