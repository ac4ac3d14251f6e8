import {
  EXAM_FIELDS,
  EXAM_STATUS,
  type Exam,
  type ExamField,
  type ExamRequest,
  type ExamStatus,
  type ExamTable,
  type ExamVerdict,
  type ExamVotesRequest,
  type Language,
  Role,
} from '@oqu/contracts';
import { type Executor, isReferenceViolation, writeChecked } from '../../db/database.js';
import { conflict, forbidden, notFound, unprocessable } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { paged, pagedOrCapped } from '../../lib/paging.js';
import type { ExamEventHub } from '../../plugins/realtime.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { beginsOnTime, changedFields, peopleOf, refusalError } from './exams.form.js';
import {
  EVERY_EXAM,
  type ExamScope,
  examChangeRefusal,
  examEditing,
  examines,
  examScopeOf,
  isCatalogue,
  readsWholeExam,
  sitsInExamRoom,
  wantsOwnExams,
} from './exams.policy.js';
import { toExam, toReportCard, toTable, toUndecided } from './exams.presenter.js';
import type { ExamAccessRecord, ExamPeopleValues, ExamRecord, ExamsFilter, ExamsRepository } from './exams.repository.js';
import type { ReportCard } from './report-card.js';
import { traineeVerdict } from './verdict.js';

/** The plan's row 3 'exam' of GET /api/subject/plantopics. */
export interface PlanExam {
  ExamID: number | null;
  Name: string | null;
  Status: string | null;
  Verdict: ExamVerdict | null;
  PassMarks: number | null;
}

export interface ExamSettings {
  /** ORG_TIMEZONE: the report card writes its times in it */
  timeZone: string;
  /** ORG_NAME and ORG_DETAILS: the report card's head */
  organisation: { name: string; details: string };
}

/**
 * The face check an examiner passes before starting an exam (the face module answers; everyone
 * passes while FACE_CHECK is off): 403 until they matched for that exam.
 */
export interface ExamFaceCheck {
  requireExamCheck(user: Pick<AuthUser, 'id'>, examId: number): Promise<void>;
}

/** How often the sweeper freezes the exams that ended by time (a read freezes those it shows first). */
const FREEZE_INTERVAL_MS = 60_000;

/** The exam's plan, type or people gone between the checks and the write: 422, not 500. */
const VANISHED = {
  exams_plan_id_fkey: 'exam_plan_not_found',
  exams_type_id_fkey: 'exam_type_unknown',
  exam_examiners_examiner_id_fkey: 'exam_examiner_invalid',
  exam_regions_region_id_fkey: 'exam_region_invalid',
} as const;

/**
 * Formal exams: the catalogue, the trainees' and region accounts' views, the examiners' table,
 * votes and completion, the live room's events, and what the signatures module needs to render
 * and sign the report card.
 */
export class ExamsService {
  private log: (message: string, error?: unknown) => void = () => {};

  constructor(
    private readonly repository: ExamsRepository,
    private readonly audit: AuditService,
    private readonly events: ExamEventHub,
    private readonly settings: ExamSettings,
    private readonly faceCheck: ExamFaceCheck,
  ) {}

  /** Where failures of the live room's work are reported (the app's logger). */
  logTo(log: (message: string, error?: unknown) => void) {
    this.log = log;
    this.events.logTo(log);
  }

  // ——— lists and details ———

  /**
   * GET /api/exam/getexam without `id`: administrators and teachers the paged catalogue; examiners
   * their own exams without `page`, the paged catalogue with it; trainees the exams they take part
   * in, region accounts those that include their region (both paged with `page`, else capped).
   */
  async list(user: AuthUser, query: { page?: number; search?: string }, language: Language) {
    const scope = examScopeOf(user);
    if (!scope) throw forbidden();
    const present = (rows: ExamRecord[]) => rows.map((row) => toExam(row, language, user));
    const read = (filter: ExamsFilter) => (limit: number, offset: number) =>
      this.frozenWindow(scope, { ...filter, search: query.search }, limit, offset);
    if (wantsOwnExams(user, query.page)) return pagedOrCapped(undefined, read({ examiner: user.id }), present);
    // the catalogue is always paged; a trainee's or region's own exams only when a page is asked for
    if (isCatalogue(scope)) return paged(query.page ?? 1, read({}), present);
    return pagedOrCapped(query.page, read({}), present);
  }

  /**
   * A window of exams as a reader sees it: exams on it that ended by time but have no record yet are
   * frozen, then the window is read again. Only those: the rest wait for the sweeper, so a read
   * writes nothing unless what it shows has just ended.
   */
  private async frozenWindow(scope: ExamScope, filter: ExamsFilter, limit: number, offset: number) {
    const window = await this.repository.window(scope, filter, limit, offset);
    const ended = window.rows.filter((row) => row.status === EXAM_STATUS.Finished && !row.frozen).map((row) => row.id);
    if (ended.length === 0) return window;
    await this.repository.freeze(ended);
    return this.repository.window(scope, filter, limit, offset);
  }

  /** GET /api/exam/getexam?id=: staff any exam; a trainee one they take part in, a region account one of its region (404 otherwise). */
  async details(user: AuthUser, examId: number, language: Language): Promise<Exam> {
    await this.repository.freeze([examId]);
    const scope = examScopeOf(user);
    if (!scope) throw forbidden();
    const row = await this.repository.one(scope, examId);
    if (!row) throw notFound('exam_not_found');
    return toExam(row, language, user);
  }

  /**
   * GET /table/get: the exam's participants per region with their results and the votes (a completed
   * exam's frozen record). An administrator and the exam's examiners see every region; a region
   * account of the exam only its own. Three statements whatever the exam's size (the freeze, the
   * exam, then all its participants).
   */
  async table(user: AuthUser, examId: number, language: Language): Promise<Omit<ExamTable, 'status' | 'message'>> {
    await this.repository.freeze([examId]);
    const scope = examScopeOf(user) ?? EVERY_EXAM;
    // a region account reads its region's part of an exam that includes it (404 otherwise)
    const onlyRegion = scope.region;
    const exam = await this.repository.one(scope, examId);
    if (!exam) throw notFound('exam_not_found');
    const people = { examiner_ids: exam.examiners.map((e) => e.id), region_ids: exam.regions.map((r) => r.id) };
    if (onlyRegion === undefined && !readsWholeExam(user, people)) throw forbidden('exam_not_examiner');
    const participants = await this.repository.participants(examId, exam.frozen, onlyRegion);
    return {
      data: toTable(exam, participants, user.id, language, onlyRegion),
      exam: toExam(exam, language, user),
      Signed: exam.signed_by.includes(user.id),
      Frozen: exam.frozen,
      DocumentFixed: exam.document_fixed,
      Undecided: toUndecided(exam, participants),
      VerdictRule: translate('exam_verdict_rule', language),
    };
  }

  /** The trainee's latest exam of their plan (the plan's row 3), the pass mark once they are accepted. */
  async planExam(userId: number): Promise<PlanExam> {
    const { rows } = await this.frozenWindow({ trainee: userId }, {}, 1, 0);
    const row = rows[0];
    if (!row) return { ExamID: null, Name: null, Status: null, Verdict: null, PassMarks: null };
    const verdict = traineeVerdict(row);
    return {
      ExamID: row.id,
      Name: row.name,
      Status: row.status,
      Verdict: verdict,
      PassMarks: verdict === 'accepted' ? row.pass_marks : null,
    };
  }

  // ——— the form ———

  /**
   * POST /api/exam/newexam (administrators, teachers, examiners): an exam that begins now or later
   * (a minute's grace); its chair one of its examiners, the first unless `ChairID` says otherwise.
   */
  async create(user: AuthUser, body: ExamRequest): Promise<number> {
    const people = peopleOf(body, null);
    beginsOnTime(body);
    await this.check(body, people, EXAM_FIELDS);
    const id = await writeChecked(VANISHED, () => this.repository.insert({ ...this.columns(body), created_by: user.id }, people));
    await this.audit.record(user.id, 'exam.create', id, this.auditDetails(body, people));
    return id;
  }

  /**
   * Saves what the form changed, compared with what is stored: fields sent unchanged are no change
   * (the form sends them all). Who may change which field now is `examEditing`'s rule: a change the
   * caller's role does not allow is refused with 403, one the card's signature holds with 409, one
   * the exam's start or a vote froze with 422 — naming the field, before anything is written or
   * audited. Decided and written under a lock of the exam's row. Rooms hear a status it changes.
   */
  async update(user: AuthUser, examId: number, body: ExamRequest, language: Language): Promise<void> {
    const saved = await writeChecked(VANISHED, () =>
      this.repository.editing(examId, async (stored, trx) => {
        if (!stored) throw notFound('exam_not_found');
        const people = peopleOf(body, stored.chair);
        const changed = changedFields(stored, body, people);
        const refusal = examChangeRefusal(user, stored, changed);
        if (refusal) throw refusalError(refusal, examEditing(user, stored).lock, language);
        if (changed.includes('BeginTime')) beginsOnTime(body);
        await this.check(body, people, changed, trx);
        const replaced = {
          examiners: changed.includes('Examenators') || changed.includes('ChairID') ? people.examiners : undefined,
          regions: changed.includes('Regions') ? people.regions : undefined,
        };
        // a moment sent within the stored one's minute is no change: the stored one stays
        const values = { ...this.columns(body), ...(changed.includes('BeginTime') ? {} : { begin_time: stored.begin_time }) };
        if (changed.length > 0) await this.repository.save(trx, examId, values, replaced);
        return { changed, people, status: stored.status };
      }),
    );
    if (saved.changed.length === 0) return;
    await this.audit.record(user.id, 'exam.update', examId, { changed: saved.changed, ...this.auditDetails(body, saved.people) });
    const after = await this.repository.access(examId);
    if (after && after.status !== saved.status) await this.publishStatus(examId, after.status, after.ended_at);
    else await this.events.publish(examId, { type: 'refetch', data: { What: 'all' } });
  }

  /** Deletes an exam nobody voted on or signed: administrators only (409 otherwise: what examiners did is kept). */
  async remove(user: AuthUser, examId: number): Promise<void> {
    await this.existing(examId);
    if (await this.repository.hasRecords(examId)) throw conflict('exam_has_records');
    try {
      if (!(await this.repository.delete(examId))) throw notFound('exam_not_found');
    } catch (error) {
      // a vote recorded between the check and the delete: the database kept it
      if (isReferenceViolation(error)) throw conflict('exam_has_records');
      throw error;
    }
    await this.audit.record(user.id, 'exam.delete', examId, {});
  }

  /**
   * The form's rules for the fields being set: the plan, the type, the pass mark within the plan's
   * tests, examiners and regions of their roles, the chair among the examiners.
   */
  private async check(body: ExamRequest, { examiners, regions }: ExamPeopleValues, fields: readonly ExamField[], executor?: Executor) {
    const sets = (...names: ExamField[]) => names.some((name) => fields.includes(name));
    if (sets('PlanID', 'PassMarks')) {
      const plan = await this.repository.planTestCount(body.PlanID, executor);
      if (!plan) throw unprocessable('exam_plan_not_found');
      if (body.PassMarks > plan.tests) throw unprocessable('exam_pass_marks_over', { tests: plan.tests });
    }
    if (sets('TypeID') && !(await this.repository.examType(body.TypeID, executor))) throw unprocessable('exam_type_unknown');
    if (sets('Examenators', 'ChairID') && !examiners.ids.includes(examiners.chair)) throw unprocessable('exam_chair_invalid');
    const examinerIds = sets('Examenators') ? examiners.ids : [];
    const regionIds = sets('Regions') ? regions : [];
    const people = await this.repository.people(unique([...examinerIds, ...regionIds]), executor);
    const byId = new Map(people.map((p) => [p.id, p]));
    const checkRole = (ids: number[], roleId: number, key: 'exam_examiner_invalid' | 'exam_region_invalid') => {
      for (const id of ids) {
        const found = byId.get(id);
        if (!found || found.role_id !== roleId || found.archived_at !== null)
          throw unprocessable(key, { name: found?.full_name ?? `№ ${id}` });
      }
    };
    checkRole(examinerIds, Role.Examiner, 'exam_examiner_invalid');
    checkRole(regionIds, Role.Region, 'exam_region_invalid');
  }

  /** The exam's own columns (a save writes them all: those not changed are written as stored). */
  private columns(body: ExamRequest) {
    return {
      name: body.Name,
      plan_id: body.PlanID,
      type_id: body.TypeID,
      pass_marks: body.PassMarks,
      begin_time: new Date(body.BeginTime),
      duration_minutes: body.Duration,
    };
  }

  private auditDetails(body: ExamRequest, { examiners, regions }: ExamPeopleValues) {
    return {
      name: body.Name,
      plan: body.PlanID,
      examiners: examiners.ids,
      chair: examiners.chair,
      regions,
      begin: body.BeginTime,
      duration: body.Duration,
      passMarks: body.PassMarks,
    };
  }

  // ——— the examiners' room ———

  /**
   * POST /api/exam/complete/id:{id}: an examiner of the exam ends it now, only while it is in
   * progress, once past the face check.
   */
  async complete(user: AuthUser, examId: number): Promise<{ Status: ExamStatus; EndedAt: string | null }> {
    const exam = await this.existing(examId);
    if (!examines(user, exam)) throw forbidden('exam_not_examiner');
    await this.faceCheck.requireExamCheck(user, examId);
    const ended = await this.repository.complete(examId);
    if (!ended?.ended_at) throw unprocessable('exam_not_in_progress');
    const EndedAt = new Date(ended.ended_at).toISOString();
    await this.audit.record(user.id, 'exam.complete', examId, {});
    await this.publishStatus(examId, EXAM_STATUS.Finished, ended.ended_at);
    return { Status: EXAM_STATUS.Finished, EndedAt };
  }

  /**
   * POST /api/examenatorcheck: stores the caller's votes ('' undoes one). The caller must examine
   * every exam named (403), each exam must have begun (422 while 'Ожидается'; votes are taken while
   * it is in progress and after it ended, until the first signature fixes the document), every
   * trainee must take part in that exam (422: a completed exam's frozen participants), and no
   * examiner may have signed that exam's card (409). The caller must have passed the face check for
   * each exam (403). All or nothing.
   */
  async vote(user: AuthUser, body: ExamVotesRequest): Promise<number> {
    const examIds = unique(body.Data.map((v) => v.ExamID));
    // an exam that ended by time takes votes on its frozen participants
    await this.repository.freeze(examIds);
    const exams = await Promise.all(examIds.map((id) => this.repository.access(id)));
    for (const exam of exams) {
      if (!exam) throw notFound('exam_not_found');
      if (!examines(user, exam)) throw forbidden('exam_not_examiner');
      if (exam.status === EXAM_STATUS.Waiting) throw unprocessable('exam_not_started');
      await this.faceCheck.requireExamCheck(user, exam.id);
    }
    // the last vote for a person in one request wins
    const latest = new Map(body.Data.map((v) => [`${v.ExamID}:${v.UserID}`, v]));
    const votes = [...latest.values()].map((v) => ({
      examId: v.ExamID,
      userId: v.UserID,
      accepted: v.Vote === '' ? null : v.Vote === 'true',
    }));
    await this.repository.vote(user.id, examIds, votes, {
      check: ({ signed, participants }) => {
        if (signed.length > 0) throw conflict('exam_votes_locked');
        const taking = new Set(participants.map((p) => `${p.exam_id}:${p.user_id}`));
        const outsider = votes.find((v) => !taking.has(`${v.examId}:${v.userId}`));
        if (outsider) throw unprocessable('exam_vote_not_participant', { id: outsider.userId, exam: outsider.examId });
      },
      record: (trx) => this.audit.record(user.id, 'exam.vote', examIds[0] ?? null, { exams: examIds, votes: votes.length }, trx),
    });
    for (const examId of examIds) await this.events.publish(examId, { type: 'votes', data: { ExamenatorID: user.id } });
    return votes.length;
  }

  /**
   * Whether the caller may pass the face check for the exam: one of its examiners (403) once it has
   * begun (422 while 'Ожидается'); after it ended too, since an examiner who never passed it still
   * votes and signs through it. 404 without the exam.
   */
  async startAccess(user: AuthUser, examId: number): Promise<void> {
    const exam = await this.existing(examId);
    if (!examines(user, exam)) throw forbidden('exam_not_examiner');
    if (exam.status === EXAM_STATUS.Waiting) throw unprocessable('exam_not_started');
  }

  /** Whether the caller may open the exam's live room: its examiners, its region accounts, administrators (404 otherwise). */
  async roomAccess(user: AuthUser, examId: number): Promise<void> {
    const exam = await this.repository.access(examId);
    if (!exam || !sitsInExamRoom(user, exam)) throw notFound('exam_not_found');
  }

  // ——— events ———

  /**
   * Trainees finished attempts (the testing engine tells): each exam in progress they take part in
   * hears their results now. Never rejects: the results are stored, and rooms reload on `refetch`.
   */
  async attemptsFinished(userIds: number[]): Promise<void> {
    try {
      const rows = await this.repository.liveResultsOf(unique(userIds));
      for (const row of rows) {
        await this.events.publish(row.exam_id, {
          type: 'results',
          data: { UserID: row.user_id, Results: { Passed: row.passed, Total: row.total }, RegionID: row.region_id },
        });
      }
    } catch (error) {
      this.log('exams: telling the rooms of new results failed', error);
    }
  }

  /** The signatures module stored an examiner's signature: the exam's room hears it. */
  announceSigned(examId: number, examinerId: number): Promise<void> {
    return this.events.publish(examId, { type: 'signed', data: { ExamenatorID: examinerId } });
  }

  private publishStatus(examId: number, status: ExamStatus, endedAt: Date | string | null) {
    return this.events.publish(examId, {
      type: 'status',
      data: { Status: status, EndedAt: endedAt === null ? null : new Date(endedAt).toISOString() },
    });
  }

  // ——— the report card (the signatures module renders and signs it) ———

  /**
   * The report card's whole state, read on one snapshot. `executor`: a transaction of the caller's
   * to read in (the signatures module reads it under its `for update` lock of the exam's row).
   */
  async reportCard(examId: number, executor?: Executor): Promise<ReportCard> {
    const read = async (trx: Executor) => {
      const exam = await this.repository.one(EVERY_EXAM, examId, trx);
      if (!exam) throw notFound('exam_not_found');
      const [participants, signatures] = [
        await this.repository.participants(examId, exam.frozen, undefined, trx),
        await this.repository.signatures(examId, trx),
      ];
      return toReportCard(exam, participants, signatures, this.settings);
    };
    if (executor) return read(executor);
    await this.repository.freeze([examId]);
    return this.repository.snapshot(read);
  }

  /** The exam's one document, once the first signature fixed it: where its bytes are stored and their hash. */
  async document(examId: number, executor?: Executor): Promise<{ pdfKey: string; sha256: string } | undefined> {
    const row = await this.repository.document(examId, executor);
    return row && { pdfKey: row.pdf_key, sha256: row.pdf_sha256 };
  }

  /** 422 naming who is undecided on whom, unless every examiner voted on every participant of the card. */
  requireDecided(card: ReportCard): void {
    if (card.undecided.length === 0) return;
    const names = (list: { fullname: string }[]) => {
      const shown = list
        .slice(0, UNDECIDED_NAMED)
        .map((p) => p.fullname)
        .join(', ');
      return list.length > UNDECIDED_NAMED ? `${shown}, …` : shown;
    };
    const list = card.undecided.map((u) => `${u.examiner.fullname} — ${u.trainees.length} (${names(u.trainees)})`).join('; ');
    throw unprocessable('exam_sign_undecided', { list });
  }

  /**
   * The first signature fixes the one document (in the signing transaction `trx`): its stored bytes,
   * and each participant's verdict as the card states it. Votes are refused from then on.
   */
  fixDocument(trx: Executor, card: ReportCard, document: { pdfKey: string; sha256: string; at: Date }): Promise<void> {
    const verdicts = card.regions
      .flatMap((r) => r.trainees)
      .flatMap((t) => (t.verdict === 'pending' ? [] : [{ userId: t.id, verdict: t.verdict }]));
    return this.repository.fixDocument(trx, card.exam.id, document, verdicts);
  }

  /** Freezes the exams that ended by time now (awaited, so the app starts with them frozen) and every minute; answers the stop. */
  async startSweeper(onError: (error: unknown) => void, intervalMs = FREEZE_INTERVAL_MS) {
    const sweep = () => this.repository.freeze().catch(onError);
    await sweep();
    const timer = setInterval(sweep, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * May the caller sign the exam's report card now: 404 without the exam, 403 unless they examine
   * it and passed its face check, 422 `exam_not_finished` unless it is 'Завершен', 409
   * `exam_already_signed` once they signed. `signer: 'server-key'` is the demo seed signing with a
   * key the server holds: nobody is at a camera, so there is no face to check.
   */
  async signingAccess(user: Pick<AuthUser, 'id' | 'roleId'>, examId: number, signer: 'person' | 'server-key' = 'person'): Promise<void> {
    await this.repository.freeze([examId]);
    const exam = await this.repository.access(examId);
    if (!exam) throw notFound('exam_not_found');
    if (!examines(user, exam)) throw forbidden('exam_not_examiner');
    if (signer === 'person') await this.faceCheck.requireExamCheck(user, examId);
    if (exam.status !== EXAM_STATUS.Finished) throw unprocessable('exam_not_finished');
    if (exam.signed_by.includes(user.id)) throw conflict('exam_already_signed');
  }

  /** May the caller read the report card and its signatures: an administrator, or an examiner of the exam (404 without the exam, else 403). */
  async readAccess(user: Pick<AuthUser, 'id' | 'roleId'>, examId: number): Promise<void> {
    const exam = await this.repository.access(examId);
    if (!exam) throw notFound('exam_not_found');
    if (!readsWholeExam(user, exam)) throw forbidden('exam_not_examiner');
  }

  private async existing(examId: number): Promise<ExamAccessRecord> {
    const exam = await this.repository.access(examId);
    if (!exam) throw notFound('exam_not_found');
    return exam;
  }
}

const unique = (ids: number[]) => [...new Set(ids)];

/** How many undecided trainees the refusal to sign names per examiner (the table lists them all). */
const UNDECIDED_NAMED = 5;
