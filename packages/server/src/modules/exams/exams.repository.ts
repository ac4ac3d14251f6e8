import { EXAM_STATUS, type ExamStatus, type ExamVerdict } from '@oqu/contracts';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import { passedAttemptsOf } from '../../db/attempts.sql.js';
import { type Db, type Executor, jsonColumn } from '../../db/database.js';
import { containing } from '../../db/listing.js';
import type { ExamsTable } from '../../db/schema.js';
import { liveTrainee } from '../../db/trainees.sql.js';
import type { ExamScope } from './exams.policy.js';
import type { Vote } from './verdict.js';

/**
 * The status of the exam aliased `e`, on the database's clock: 'Завершен' once an examiner completed
 * it or BeginTime + Duration passed, 'В процессе' from BeginTime, 'Ожидается' before.
 */
export const examStatusSql: RawBuilder<ExamStatus> = sql<ExamStatus>`(case
  when e.ended_at is not null or now() >= e.begin_time + make_interval(mins => e.duration_minutes) then ${sql.lit(EXAM_STATUS.Finished)}
  when now() >= e.begin_time then ${sql.lit(EXAM_STATUS.Live)}
  else ${sql.lit(EXAM_STATUS.Waiting)} end)`;

/** An examiner voted on one of the exam `e`'s trainees (its fields are then frozen). */
const examVotedSql = sql<boolean>`exists (select 1 from exam_votes v where v.exam_id = e.id)`;

/** The exam `e` takes no regions: every trainee of its plan takes part. */
const withoutRegions = sql`not exists (select 1 from exam_regions xr where xr.exam_id = e.id)`;

/**
 * Person `alias` takes part in the exam `e`: a live trainee of its plan who belongs to one of its
 * regions, or any live trainee of the plan when the exam has no regions.
 */
const participates = (alias: string) => {
  const u = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<boolean>`(${liveTrainee(alias)} and ${u('plan_id')} = e.plan_id
    and (${withoutRegions} or ${u('region_id')} in (select xr.region_id from exam_regions xr where xr.exam_id = e.id)))`;
};

/** How many tests the plan `planRef` has (the `Total` of results, the bound of PassMarks). */
const planTestCount = (planRef: string) => sql<number>`(select count(*)::int from tests t where t.plan_id = ${sql.ref(planRef)})`;

/** Tests of the exam `e`'s plan that person `userRef` has passed (a finished attempt that passed). */
const passedTests = (userRef: RawBuilder<number>) =>
  sql<number>`(select count(*)::int from tests t
    where t.plan_id = e.plan_id and exists (${passedAttemptsOf(userRef, sql.ref<number>('t.id')).select('a.id')}))`;

/** The moment exam `e` ended: the examiner's completion, else BeginTime + Duration. */
const endOf = sql<Date>`coalesce(e.ended_at, e.begin_time + make_interval(mins => e.duration_minutes))`;

/** Exam `e` (with its record `er` left-joined) has its frozen record. */
const frozen = sql<boolean>`(er.exam_id is not null)`;

/** A person named in an exam, as json rows carry them. */
export interface PersonJson {
  id: number;
  name: string;
}
/** One examiner's vote on one trainee, as json rows carry them. */
export type VoteJson = Vote;

/** Narrows a listing within its scope. */
export interface ExamsFilter {
  search?: string;
  /** exams this examiner examines */
  examiner?: number;
  id?: number;
}

export class ExamsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The scope's exams with everything their answers show, in one statement: plan, type, status,
   * examiners in their order, regions by name, who signed, the plan's test count and the participants
   * (of the region, in a region's scope); in a trainee's scope also their passed tests and the votes on them.
   */
  private listing(scope: ExamScope, filter: ExamsFilter, executor: Executor = this.db) {
    const { trainee, region } = scope;
    let query = executor
      .selectFrom('exams as e')
      .innerJoin('plans as p', 'p.id', 'e.plan_id')
      .innerJoin('dictionary_items as d', 'd.id', 'e.type_id')
      .leftJoin('exam_records as er', 'er.exam_id', 'e.id')
      .select([
        'e.id',
        'e.name',
        'e.plan_id',
        // who may change it: its author, and whether an examiner voted (examEditing)
        'e.created_by',
        examVotedSql.as('voted'),
        'p.name as plan_name',
        'e.type_id',
        'd.name_ru as type_ru',
        'd.name_kk as type_kk',
        'd.name_en as type_en',
        // a completed exam answers from its frozen record: the pass mark, test count, participants and results then
        sql<number>`coalesce(er.pass_marks, e.pass_marks)`.as('pass_marks'),
        'e.begin_time',
        'e.duration_minutes',
        'e.ended_at',
        'er.completed_at',
        frozen.as('frozen'),
        sql<boolean>`exists (select 1 from exam_documents xd where xd.exam_id = e.id)`.as('document_fixed'),
        examStatusSql.as('status'),
        sql<number>`coalesce(er.test_count, ${planTestCount('e.plan_id')})`.as('test_count'),
        // an exam stored without a chair has its first examiner for one
        sql<
          number | null
        >`(select x.examiner_id from exam_examiners x where x.exam_id = e.id order by x.chair desc, x.position limit 1)`.as('chair_id'),
        sql<PersonJson[] | string>`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.full_name) order by x.position, u.id)
          from exam_examiners x join users u on u.id = x.examiner_id where x.exam_id = e.id), '[]'::json)`.as('examiners'),
        sql<PersonJson[] | string>`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.full_name) order by u.full_name, u.id)
          from exam_regions r join users u on u.id = r.region_id where r.exam_id = e.id), '[]'::json)`.as('regions'),
        sql<number[] | string>`coalesce((select json_agg(s.examiner_id order by s.signed_at, s.id)
          from exam_signatures s where s.exam_id = e.id), '[]'::json)`.as('signed_by'),
        (trainee !== undefined
          ? sql<number>`0`
          : sql<number>`(case when ${frozen}
              then (select count(*)::int from exam_participants ep where ep.exam_id = e.id
                ${region !== undefined ? sql`and ep.region_id = ${region}::int` : sql``})
              else (select count(*)::int from users pu where ${participates('pu')}
                ${region !== undefined ? sql`and pu.region_id = ${region}::int` : sql``}) end)`
        ).as('participants'),
        (trainee !== undefined
          ? sql<number>`(case when ${frozen}
              then coalesce((select ep.passed from exam_participants ep where ep.exam_id = e.id and ep.user_id = ${trainee}::int), 0)
              else ${passedTests(sql.val<number>(trainee))} end)`
          : sql<number>`0`
        ).as('passed'),
        (trainee !== undefined
          ? sql<ExamVerdict | null>`(select ep.verdict from exam_participants ep where ep.exam_id = e.id and ep.user_id = ${trainee}::int)`
          : sql<ExamVerdict | null>`null`
        ).as('verdict'),
        (trainee !== undefined
          ? sql<VoteJson[] | string>`coalesce((select json_agg(json_build_object('e', v.examiner_id, 'a', v.accepted))
              from exam_votes v where v.exam_id = e.id and v.user_id = ${trainee}::int), '[]'::json)`
          : sql<VoteJson[] | string>`'[]'::json`
        ).as('votes'),
        sql<Date>`now()`.as('now'),
        sql<number>`count(*) over ()::int`.as('total'),
      ]);
    if (filter.id !== undefined) query = query.where('e.id', '=', filter.id);
    if (filter.examiner !== undefined) {
      const examiner = filter.examiner;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('exam_examiners as fx')
            .select('fx.exam_id')
            .whereRef('fx.exam_id', '=', 'e.id')
            .where('fx.examiner_id', '=', examiner),
        ),
      );
    }
    if (trainee !== undefined) {
      // a completed exam's participants are its record's; an exam not completed yet takes the plan's trainees now
      query = query.where(
        sql<boolean>`(case when ${frozen}
          then exists (select 1 from exam_participants ep where ep.exam_id = e.id and ep.user_id = ${trainee}::int)
          else exists (select 1 from users me where me.id = ${trainee}::int and ${participates('me')}) end)`,
      );
    }
    if (region !== undefined) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('exam_regions as fr').select('fr.exam_id').whereRef('fr.exam_id', '=', 'e.id').where('fr.region_id', '=', region),
        ),
      );
    }
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) => eb.or([eb('e.name', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
    }
    return query.orderBy('e.begin_time', 'desc').orderBy('e.id', 'desc');
  }

  /** A window of the scope's exams the filter selects, latest start first, with the listing's total. */
  async window(scope: ExamScope, filter: ExamsFilter, limit: number, offset: number) {
    const query = this.listing(scope, filter);
    const rows = (await query.limit(limit).offset(offset).execute()).map(parsed);
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // past the last page: still tell how many there are
    return { rows, total: (await query.limit(1).executeTakeFirst())?.total ?? 0 };
  }

  /** One exam as read in `scope` (undefined when there is none, or it is outside the scope). */
  async one(scope: ExamScope, id: number, executor: Executor = this.db) {
    const row = await this.listing(scope, { id }, executor).executeTakeFirst();
    return row ? parsed(row) : undefined;
  }

  /**
   * The exam's participants (of one region, or all) with their passed tests and every vote on them,
   * by full name then id: one statement whatever their number. A completed (`frozen`) exam's are its
   * record's, as named then, with their results and, once the document is fixed, their verdicts.
   */
  async participants(examId: number, frozen: boolean, regionId?: number, executor: Executor = this.db) {
    const votes = (userRef: string) =>
      sql<VoteJson[] | string>`coalesce((select json_agg(json_build_object('e', v.examiner_id, 'a', v.accepted) order by v.examiner_id)
        from exam_votes v where v.exam_id = ${examId}::int and v.user_id = ${sql.ref(userRef)}), '[]'::json)`.as('votes');
    const rows = frozen
      ? await executor
          .selectFrom('exam_participants as u')
          .select([
            'u.user_id as id',
            'u.full_name',
            'u.department',
            'u.duty',
            'u.iin',
            'u.tabel',
            'u.region_id',
            'u.passed',
            'u.verdict',
            votes('u.user_id'),
          ])
          .where('u.exam_id', '=', examId)
          .$if(regionId !== undefined, (q) => q.where('u.region_id', '=', regionId ?? 0))
          .orderBy('u.full_name')
          .orderBy('u.user_id')
          .execute()
      : await executor
          .selectFrom('exams as e')
          .innerJoin('users as u', (join) => join.on(participates('u')))
          .select([
            'u.id',
            'u.full_name',
            'u.department',
            'u.duty',
            'u.iin',
            'u.tabel',
            'u.region_id',
            passedTests(sql.ref<number>('u.id')).as('passed'),
            sql<ExamVerdict | null>`null`.as('verdict'),
            votes('u.id'),
          ])
          .where('e.id', '=', examId)
          .$if(regionId !== undefined, (q) => q.where('u.region_id', '=', regionId ?? 0))
          .orderBy('u.full_name')
          .orderBy('u.id')
          .execute();
    return rows.map((row) => ({ ...row, votes: jsonColumn(row.votes) }));
  }

  /**
   * Freezes the record of the exams given (all when none are) that have ended and have none yet: the
   * pass mark and test count, and as participants the region's live trainees of the plan now, named as
   * now, each with the tests passed by attempts finished by the end. One statement, `on conflict do
   * nothing`: two processes freezing one exam at once leave one record, and the loser writes no
   * participants (its insert returns no row).
   */
  async freeze(examIds?: number[], executor: Executor = this.db): Promise<number> {
    if (examIds?.length === 0) return 0;
    const result = await sql<{ exam_id: number }>`with recorded as (
        insert into exam_records (exam_id, completed_at, pass_marks, test_count)
        select e.id, ${endOf}, e.pass_marks, ${planTestCount('e.plan_id')}
        from exams e
        where (e.ended_at is not null or now() >= e.begin_time + make_interval(mins => e.duration_minutes))
          and not exists (select 1 from exam_records x where x.exam_id = e.id)
          ${examIds ? sql`and e.id in (${sql.join(examIds)})` : sql``}
        on conflict (exam_id) do nothing
        returning exam_id, completed_at, test_count
      ), people as (
        insert into exam_participants (exam_id, user_id, region_id, full_name, department, duty, iin, tabel, passed, total)
        select r.exam_id, u.id, u.region_id, u.full_name, u.department, u.duty, u.iin, u.tabel,
          (select count(*)::int from tests t where t.plan_id = e.plan_id and exists (
            ${passedAttemptsOf(sql.ref<number>('u.id'), sql.ref<number>('t.id'))
              .select('a.id')
              .where(sql<boolean>`a.finished_at <= r.completed_at`)})),
          r.test_count
        from recorded r
        join exams e on e.id = r.exam_id
        join users u on ${participates('u')}
      )
      select exam_id from recorded`.execute(executor);
    return result.rows.length;
  }

  /** The document every examiner signs, once the first signature fixed it. */
  document(examId: number, executor: Executor = this.db) {
    return executor.selectFrom('exam_documents').selectAll().where('exam_id', '=', examId).executeTakeFirst();
  }

  /**
   * Fixes the exam's one document (the first signature, in its transaction): its stored bytes, and
   * each participant's verdict as it stands on them.
   */
  async fixDocument(
    trx: Executor,
    examId: number,
    document: { pdfKey: string; sha256: string; at: Date },
    verdicts: { userId: number; verdict: 'accepted' | 'rejected' }[],
  ) {
    await trx
      .insertInto('exam_documents')
      .values({ exam_id: examId, pdf_key: document.pdfKey, pdf_sha256: document.sha256, fixed_at: document.at })
      .execute();
    for (const verdict of ['accepted', 'rejected'] as const) {
      const ids = verdicts.filter((v) => v.verdict === verdict).map((v) => v.userId);
      if (ids.length === 0) continue;
      await trx.updateTable('exam_participants').set({ verdict }).where('exam_id', '=', examId).where('user_id', 'in', ids).execute();
    }
  }

  /** Signatures given on the exam's report card, oldest first. */
  signatures(examId: number, executor: Executor = this.db) {
    return executor
      .selectFrom('exam_signatures')
      .select(['examiner_id', 'signer_name', 'signer_iin', 'certificate_serial', 'signed_at'])
      .where('exam_id', '=', examId)
      .orderBy('signed_at')
      .orderBy('id')
      .execute();
  }

  /** Runs `work` on one snapshot of the database (the report card reads several statements). */
  snapshot<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').execute(work);
  }

  /** People by id with what the exam form's rules need (archived ones too). */
  people(ids: number[], executor: Executor = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return executor.selectFrom('users').select(['id', 'role_id', 'full_name', 'archived_at']).where('id', 'in', ids).execute();
  }

  planTestCount(planId: number, executor: Executor = this.db) {
    return executor.selectFrom('plans as p').select(planTestCount('p.id').as('tests')).where('p.id', '=', planId).executeTakeFirst();
  }

  examType(typeId: number, executor: Executor = this.db) {
    return executor.selectFrom('dictionary_items').select('id').where('id', '=', typeId).where('kind', '=', 'exam_type').executeTakeFirst();
  }

  /** The exam's status and people, for access checks (no figures). */
  access(examId: number, executor: Executor = this.db) {
    return executor
      .selectFrom('exams as e')
      .select([
        'e.id',
        'e.ended_at',
        examStatusSql.as('status'),
        sql<
          number[] | string
        >`coalesce((select json_agg(x.examiner_id order by x.position) from exam_examiners x where x.exam_id = e.id), '[]'::json)`.as(
          'examiner_ids',
        ),
        sql<number[] | string>`coalesce((select json_agg(r.region_id) from exam_regions r where r.exam_id = e.id), '[]'::json)`.as(
          'region_ids',
        ),
        sql<number[] | string>`coalesce((select json_agg(s.examiner_id) from exam_signatures s where s.exam_id = e.id), '[]'::json)`.as(
          'signed_by',
        ),
      ])
      .where('e.id', '=', examId)
      .executeTakeFirst()
      .then((row) =>
        row
          ? {
              ...row,
              examiner_ids: jsonColumn(row.examiner_ids),
              region_ids: jsonColumn(row.region_ids),
              signed_by: jsonColumn(row.signed_by),
            }
          : undefined,
      );
  }

  /** Inserts an exam with its examiners (in the given order, `chair` among them) and regions; answers its id. */
  insert(values: Insertable<ExamsTable>, people: ExamPeopleValues) {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('exams').values(values).returning('id').executeTakeFirstOrThrow();
      await this.setExaminers(trx, id, people.examiners);
      await this.setRegions(trx, id, people.regions);
      return id;
    });
  }

  /**
   * Runs `work` in one transaction with the exam's stored form and state read under a `for update`
   * lock of its row (undefined without the exam): votes (`for share`), signatures and other saves of
   * the exam wait, so what `work` decides from still holds when it writes through `save`.
   */
  editing<T>(examId: number, work: (stored: ExamFormRecord | undefined, trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('exams').select('id').where('id', '=', examId).forUpdate().execute();
      return work(await this.form(examId, trx), trx);
    });
  }

  /** The exam form's stored values, with the state that decides who may change them. */
  async form(examId: number, executor: Executor) {
    const row = await executor
      .selectFrom('exams as e')
      .select([
        'e.id',
        'e.name',
        'e.plan_id',
        'e.type_id',
        'e.pass_marks',
        'e.begin_time',
        'e.duration_minutes',
        'e.created_by',
        examStatusSql.as('status'),
        examVotedSql.as('voted'),
        sql<boolean>`exists (select 1 from exam_signatures s where s.exam_id = e.id)`.as('signed'),
        sql<number[] | string>`coalesce((select json_agg(x.examiner_id order by x.position)
          from exam_examiners x where x.exam_id = e.id), '[]'::json)`.as('examiners'),
        // an exam stored without a chair has its first examiner for one, as the form's default
        sql<number | null>`coalesce((select x.examiner_id from exam_examiners x where x.exam_id = e.id and x.chair),
          (select x.examiner_id from exam_examiners x where x.exam_id = e.id order by x.position limit 1))`.as('chair'),
        sql<number[] | string>`coalesce((select json_agg(r.region_id order by r.region_id)
          from exam_regions r where r.exam_id = e.id), '[]'::json)`.as('regions'),
      ])
      .where('e.id', '=', examId)
      .executeTakeFirst();
    return row && { ...row, examiners: jsonColumn(row.examiners), regions: jsonColumn(row.regions) };
  }

  /** Writes the exam's changed columns and, when given, its new examiners (with the chair) or regions. */
  async save(trx: Executor, examId: number, values: Partial<Insertable<ExamsTable>>, people: Partial<ExamPeopleValues>) {
    if (Object.keys(values).length > 0) await trx.updateTable('exams').set(values).where('id', '=', examId).execute();
    if (people.examiners) {
      await trx.deleteFrom('exam_examiners').where('exam_id', '=', examId).execute();
      await this.setExaminers(trx, examId, people.examiners);
    }
    if (people.regions) {
      await trx.deleteFrom('exam_regions').where('exam_id', '=', examId).execute();
      await this.setRegions(trx, examId, people.regions);
    }
  }

  private async setExaminers(trx: Executor, examId: number, { ids, chair }: ExaminersValues) {
    if (ids.length === 0) return;
    await trx
      .insertInto('exam_examiners')
      .values(ids.map((examiner_id, position) => ({ exam_id: examId, examiner_id, position, chair: examiner_id === chair })))
      .execute();
  }

  private async setRegions(trx: Executor, examId: number, regions: number[]) {
    if (regions.length === 0) return;
    await trx
      .insertInto('exam_regions')
      .values(regions.map((region_id) => ({ exam_id: examId, region_id })))
      .execute();
  }

  /** Whether any examiner voted on the exam or signed its card. */
  async hasRecords(examId: number) {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('exam_votes').select('exam_id').where('exam_id', '=', examId)).as('votes'),
        eb.exists(eb.selectFrom('exam_signatures').select('exam_id').where('exam_id', '=', examId)).as('signatures'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.votes) || Boolean(row.signatures);
  }

  /** Deletes the exam; a vote or signature recorded meanwhile makes the database refuse (RESTRICT). */
  async delete(examId: number) {
    const result = await this.db.deleteFrom('exams').where('id', '=', examId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Ends an exam in progress now and freezes its record in the same transaction; answers its end, or
   * undefined when it was not in progress.
   */
  complete(examId: number) {
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('exams as e')
        .set({ ended_at: sql`now()` })
        .where('e.id', '=', examId)
        .where(sql<boolean>`${examStatusSql} = ${EXAM_STATUS.Live}`)
        .returning(['e.ended_at'])
        .executeTakeFirst();
      if (ended) await this.freeze([examId], trx);
      return ended;
    });
  }

  /**
   * Stores one examiner's votes in one transaction. The exams are locked `for share` first (in id
   * order), so a signature, which the signatures module stores under `for update` of the same row,
   * cannot land between the check below and the write: votes either precede a signature or are
   * refused after it. `check` sees the locked state and throws to refuse: `signed` are the exams any
   * examiner signed (the document is fixed), `participants` those of the people voted on who take part
   * (a completed exam's record, else the plan's trainees now). `record` writes the audit entry in the
   * same transaction, once the votes are written.
   */
  vote(
    examinerId: number,
    examIds: number[],
    votes: { examId: number; userId: number; accepted: boolean | null }[],
    { check, record }: VoteSteps,
  ) {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('exams').select('id').where('id', 'in', examIds).orderBy('id').forShare().execute();
      const signed = await trx.selectFrom('exam_signatures').select('exam_id').distinct().where('exam_id', 'in', examIds).execute();
      const userIds = [...new Set(votes.map((v) => v.userId))];
      const participants = await trx
        .selectFrom('exams as e')
        .innerJoin('users as u', (join) => join.on(participates('u')))
        .select(['e.id as exam_id', 'u.id as user_id'])
        .where('e.id', 'in', examIds)
        .where('u.id', 'in', userIds)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('exam_records as r').select('r.exam_id').whereRef('r.exam_id', '=', 'e.id'))),
        )
        .unionAll(
          trx
            .selectFrom('exam_participants as ep')
            .select(['ep.exam_id', 'ep.user_id'])
            .where('ep.exam_id', 'in', examIds)
            .where('ep.user_id', 'in', userIds),
        )
        .execute();
      check({ signed: signed.map((s) => s.exam_id), participants });
      const given = votes.filter((v) => v.accepted !== null);
      const undone = votes.filter((v) => v.accepted === null);
      if (given.length > 0) {
        await trx
          .insertInto('exam_votes')
          .values(given.map((v) => ({ exam_id: v.examId, examiner_id: examinerId, user_id: v.userId, accepted: v.accepted ?? false })))
          .onConflict((oc) =>
            oc.columns(['exam_id', 'examiner_id', 'user_id']).doUpdateSet({ accepted: sql`excluded.accepted`, voted_at: sql`now()` }),
          )
          .execute();
      }
      for (const examId of new Set(undone.map((v) => v.examId))) {
        await trx
          .deleteFrom('exam_votes')
          .where('exam_id', '=', examId)
          .where('examiner_id', '=', examinerId)
          .where(
            'user_id',
            'in',
            undone.filter((v) => v.examId === examId).map((v) => v.userId),
          )
          .execute();
      }
      await record(trx);
    });
  }

  /**
   * The exams in progress each of these trainees takes part in, with the trainee's passed tests
   * and the plan's test count now: what their rooms hear when the trainee finishes an attempt.
   */
  async liveResultsOf(userIds: number[]) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('exams as e')
      .innerJoin('users as u', (join) => join.on(participates('u')))
      .select([
        'e.id as exam_id',
        'u.id as user_id',
        'u.region_id',
        passedTests(sql.ref<number>('u.id')).as('passed'),
        planTestCount('e.plan_id').as('total'),
      ])
      .where('u.id', 'in', userIds)
      .where(sql<boolean>`${examStatusSql} = ${EXAM_STATUS.Live}`)
      .execute();
  }
}

/** What the service does inside the votes' transaction: refuse from the locked state, then record. */
export interface VoteSteps {
  check: (state: { signed: number[]; participants: { exam_id: number; user_id: number }[] }) => void;
  record: (trx: Executor) => Promise<void>;
}

/** The exam's examiners in the card's order, and its chair among them. */
export interface ExaminersValues {
  ids: number[];
  chair: number;
}
/** Who examines an exam and which regions it takes. */
export interface ExamPeopleValues {
  examiners: ExaminersValues;
  regions: number[];
}

/** A listing's row with its json columns parsed. */
function parsed<
  R extends { examiners: PersonJson[] | string; regions: PersonJson[] | string; signed_by: number[] | string; votes: VoteJson[] | string },
>(row: R) {
  return {
    ...row,
    examiners: jsonColumn(row.examiners),
    regions: jsonColumn(row.regions),
    signed_by: jsonColumn(row.signed_by),
    votes: jsonColumn(row.votes),
  };
}

export type ExamRecord = NonNullable<Awaited<ReturnType<ExamsRepository['one']>>>;
export type ParticipantRecord = Awaited<ReturnType<ExamsRepository['participants']>>[number];
export type ExamAccessRecord = NonNullable<Awaited<ReturnType<ExamsRepository['access']>>>;
export type SignatureRecord = Awaited<ReturnType<ExamsRepository['signatures']>>[number];
export type ExamFormRecord = NonNullable<Awaited<ReturnType<ExamsRepository['form']>>>;
