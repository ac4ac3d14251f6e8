import {
  WEBINAR_PRESENCE_STALE_SECONDS as PRESENCE_STALE_SECONDS,
  Role,
  WEBINAR_OPENS_BEFORE_MINUTES,
  WEBINAR_STATUS,
  type WebinarStatus,
} from '@oqu/contracts';
import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import { type Db, jsonColumn } from '../../db/database.js';
import { containing } from '../../db/listing.js';
import type { WebinarsTable } from '../../db/schema.js';
import { liveTrainee, planTraineeCount } from '../../db/trainees.sql.js';
import type { DocumentRecord } from './documents/webinar-documents.repository.js';

/** Whose lists these are: MessageStatus and the trainee's plan depend on the caller. */
export interface Viewer {
  id: number;
  roleId: number;
}

export interface WebinarsFilter {
  search?: string;
  plan?: number;
  teacher?: number;
}

/**
 * The status of the webinar aliased `w`, on the database's clock — the one definition every read
 * and every rule uses: 'Завершен' once its teacher ended it or `grace` minutes after its scheduled
 * end, 'В процессе' from WEBINAR_OPENS_BEFORE_MINUTES before its start, 'Ожидается' before that.
 */
export function webinarStatusSql(graceMinutes: number): RawBuilder<WebinarStatus> {
  return sql<WebinarStatus>`(case
    when w.ended_at is not null or now() > w.begin_time + make_interval(mins => w.duration_minutes + ${graceMinutes}::int)
      then ${sql.lit(WEBINAR_STATUS.Finished)}
    when now() >= w.begin_time - make_interval(mins => ${WEBINAR_OPENS_BEFORE_MINUTES}::int) then ${sql.lit(WEBINAR_STATUS.Live)}
    else ${sql.lit(WEBINAR_STATUS.Waiting)} end)`;
}

/** A presence row of `alias` that is open now. */
const openPresence = (alias: string) =>
  sql`${sql.ref(`${alias}.closed_at`)} is null and ${sql.ref(`${alias}.seen_at`)} > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS}::int)`;

/**
 * Whether the viewer has an unread question thread on the webinar `w` (the threads' read marks are
 * kept by the problems module): a trainee when someone else answered in their thread after they last
 * read it; the webinar's teacher when a question, or an answer by its asker, came after they last read it.
 */
function unreadFor(viewer: Viewer): RawBuilder<boolean> {
  if (viewer.roleId === Role.Trainee) {
    return sql<boolean>`exists (select 1 from problems pr join problem_answers pa on pa.problem_id = pr.id
      where pr.webinar_id = w.id and pr.user_id = ${viewer.id}::int and pa.user_id <> pr.user_id
        and (pr.learner_read_at is null or pa.created_at > pr.learner_read_at))`;
  }
  return sql<boolean>`(w.teacher_id = ${viewer.id}::int and exists (select 1 from problems pr
      where pr.webinar_id = w.id and (pr.teacher_read_at is null or pr.created_at > pr.teacher_read_at
        or exists (select 1 from problem_answers pa where pa.problem_id = pr.id and pa.user_id = pr.user_id
          and pa.created_at > pr.teacher_read_at))))`;
}

/** The webinar tests of topic `topicRef`, in the webinar's order (position, then id). */
export const WEBINAR_TESTS_ORDER = sql`t.position nulls last, t.id`;

export class WebinarsRepository {
  private readonly status: RawBuilder<WebinarStatus>;

  constructor(
    private readonly db: Db,
    graceMinutes: number,
  ) {
    this.status = webinarStatusSql(graceMinutes);
  }

  /** Live webinars with their plan, topic and teacher, and the caller-independent columns. */
  private listing() {
    return this.db
      .selectFrom('webinars as w')
      .innerJoin('plans as p', 'p.id', 'w.plan_id')
      .innerJoin('topics as tp', 'tp.id', 'w.topic_id')
      .innerJoin('users as tu', 'tu.id', 'w.teacher_id')
      .select([
        'w.id',
        'w.name',
        'w.description',
        'w.begin_time',
        'w.duration_minutes',
        'w.plan_id',
        'p.name as plan_name',
        'w.topic_id',
        'tp.name as topic_name',
        'w.teacher_id',
        'tu.full_name as teacher_name',
        'w.preview_key',
        'w.preview_name',
        'w.started_at',
        'w.ended_at',
        this.status.as('status'),
        sql<number>`count(*) over ()::int`.as('total'),
      ])
      .where('w.archived_at', 'is', null);
  }

  /**
   * Rows of a (limited) listing with their figures, computed for those rows only and in one
   * statement: the caller's unread marker, online people, trainees of the plan, the webinar tests
   * (count, main, active) and the documents.
   */
  private async withFigures(rows: ReturnType<WebinarsRepository['listing']>, viewer: Viewer) {
    const found = await this.db
      .with('page', () => rows)
      .selectFrom('page as w')
      .selectAll('w')
      .select([
        unreadFor(viewer).as('message_status'),
        sql<number>`(select count(distinct wp.user_id)::int from webinar_presence wp
          where wp.webinar_id = w.id and ${openPresence('wp')})`.as('online'),
        planTraineeCount(sql.ref('w.plan_id')).as('total_students'),
        sql<number>`(select count(*)::int from tests t where t.topic_id = w.topic_id and t.is_webinar)`.as('test_count'),
        sql<number | null>`(select t.id from tests t where t.topic_id = w.topic_id and t.is_webinar
          order by ${WEBINAR_TESTS_ORDER} limit 1)`.as('main_test'),
        sql<number | null>`(select t.id from tests t where t.topic_id = w.topic_id and t.is_webinar
          and t.opened_at + make_interval(mins => t.duration_minutes) > now() order by t.opened_at desc, t.id desc limit 1)`.as(
          'active_test',
        ),
        sql<DocumentRecord[] | string>`coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'size', d.size,
          'storage_key', d.storage_key, 'created_at', d.created_at) order by d.id)
          from webinar_documents d where d.webinar_id = w.id), '[]'::json)`.as('docs'),
        sql<boolean>`exists (select 1 from webinar_streams ws where ws.webinar_id = w.id and ws.finalised_at is not null)`.as(
          'has_recording',
        ),
        sql<Date>`now()`.as('now'),
      ])
      .orderBy('w.begin_time', 'desc')
      .orderBy('w.id', 'desc')
      .execute();
    return found.map((row) => ({ ...row, docs: jsonColumn(row.docs) }));
  }

  /** One page of live webinars, newest start first, with the total in the same query. */
  async page(filter: WebinarsFilter, viewer: Viewer, limit: number, offset: number) {
    let query = this.listing();
    if (filter.plan) query = query.where('w.plan_id', '=', filter.plan);
    if (filter.teacher) query = query.where('w.teacher_id', '=', filter.teacher);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb('w.name', 'ilike', pattern),
          eb('p.name', 'ilike', pattern),
          eb('tp.name', 'ilike', pattern),
          eb('tu.full_name', 'ilike', pattern),
        ]),
      );
    }
    return this.windowOf(query, viewer, limit, offset);
  }

  /** A window of the live webinars a teacher runs, newest start first, and their total. */
  ofTeacher(viewer: Viewer, limit: number, offset: number) {
    return this.windowOf(this.listing().where('w.teacher_id', '=', viewer.id), viewer, limit, offset);
  }

  /** A window of the live webinars of a trainee's plan, newest start first (none without a plan), and their total. */
  ofTrainee(viewer: Viewer, limit: number, offset: number) {
    const ofPlan = this.listing().where('w.plan_id', '=', (eb) =>
      eb.selectFrom('users as me').select('me.plan_id').where('me.id', '=', viewer.id),
    );
    return this.windowOf(ofPlan, viewer, limit, offset);
  }

  /** A window of a listing, newest start first, with its figures and the listing's total. */
  private async windowOf(query: ReturnType<WebinarsRepository['listing']>, viewer: Viewer, limit: number, offset: number) {
    const ordered = query.orderBy('w.begin_time', 'desc').orderBy('w.id', 'desc');
    const rows = await this.withFigures(ordered.limit(limit).offset(offset), viewer);
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // past the last page: still tell how many there are
    const first = await ordered.limit(1).executeTakeFirst();
    return { rows, total: first?.total ?? 0 };
  }

  /** One live webinar with its figures. */
  async details(id: number, viewer: Viewer) {
    const [row] = await this.withFigures(this.listing().where('w.id', '=', id), viewer);
    return row;
  }

  /** What access and the rules need of a webinar (archived ones too), and the viewer's plan. */
  access(id: number, viewerId: number) {
    return this.db
      .selectFrom('webinars as w')
      .select([
        'w.id',
        'w.name',
        'w.teacher_id',
        'w.plan_id',
        'w.topic_id',
        'w.preview_key',
        'w.started_at',
        'w.ended_at',
        'w.archived_at',
        this.status.as('status'),
        (eb) => eb.selectFrom('users as me').select('me.plan_id').where('me.id', '=', viewerId).as('viewer_plan_id'),
      ])
      .where('w.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The trainees of the plan (the teacher left out) as the online popup lists them: joined at least
   * once, holding the room open now, the minutes attended — the length of the union of their
   * presence intervals, an open one up to its last heartbeat — and the seconds their player played.
   */
  attendees(webinarId: number, planId: number, teacherId: number) {
    return sql<{
      id: number;
      tabel: string | null;
      full_name: string;
      connected: boolean;
      face_verified: boolean;
      online: boolean;
      seconds: number;
      live_seconds: number;
      recording_seconds: number;
    }>`
      with spans as (
        select wp.user_id, range_agg(tstzrange(wp.opened_at, greatest(wp.opened_at, coalesce(wp.closed_at, wp.seen_at)))) as attended
        from webinar_presence wp where wp.webinar_id = ${webinarId}::int group by wp.user_id
      ),
      totals as (
        select s.user_id, coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)::float8 as seconds
        from spans s cross join lateral unnest(s.attended) as r group by s.user_id
      )
      select u.id, u.tabel, u.full_name,
        (a.user_id is not null) as connected, coalesce(a.face_verified, false) as face_verified,
        exists (select 1 from webinar_presence wp where wp.webinar_id = ${webinarId}::int and wp.user_id = u.id and ${openPresence('wp')}) as online,
        coalesce(t.seconds, 0)::float8 as seconds,
        coalesce(wt.live_seconds, 0) as live_seconds, coalesce(wt.recording_seconds, 0) as recording_seconds
      from users u left join totals t on t.user_id = u.id
        left join webinar_attendance a on a.webinar_id = ${webinarId}::int and a.user_id = u.id
        left join webinar_watch_time wt on wt.webinar_id = ${webinarId}::int and wt.user_id = u.id
      where u.plan_id = ${planId}::int and ${liveTrainee('u')} and u.id <> ${teacherId}::int
      order by u.full_name, u.id`
      .execute(this.db)
      .then((result) => result.rows);
  }

  /** Sets the preview; answers the key of the one it replaced. */
  async setPreview(id: number, key: string, name: string) {
    return this.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom('webinars').select('preview_key').where('id', '=', id).forUpdate().executeTakeFirst();
      await trx.updateTable('webinars').set({ preview_key: key, preview_name: name }).where('id', '=', id).execute();
      return old?.preview_key ?? null;
    });
  }

  // ——— scheduling ———

  findPlan(id: number) {
    return this.db.selectFrom('plans').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  findTopic(id: number) {
    return this.db.selectFrom('topics').select(['id', 'name', 'plan_id']).where('id', '=', id).executeTakeFirst();
  }

  findPerson(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'role_id', 'is_blocked'])
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(values: Insertable<WebinarsTable>) {
    const row = await this.db.insertInto('webinars').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<WebinarsTable>) {
    await this.db.updateTable('webinars').set(values).where('id', '=', id).execute();
  }

  /** Whether anything people did in the webinar is on record: chat, attendance, presence, question threads or watching. */
  async hasRecords(id: number) {
    const row = await sql<{ found: boolean }>`select
      exists (select 1 from chat_messages where webinar_id = ${id}::int)
      or exists (select 1 from webinar_attendance where webinar_id = ${id}::int)
      or exists (select 1 from webinar_presence where webinar_id = ${id}::int)
      or exists (select 1 from problems where webinar_id = ${id}::int)
      or exists (select 1 from webinar_watch_time where webinar_id = ${id}::int) as found`.execute(this.db);
    return Boolean(row.rows[0]?.found);
  }

  async archive(id: number) {
    await this.db.updateTable('webinars').set({ archived_at: sql`now()` }).where('id', '=', id).execute();
  }

  /**
   * Deletes a webinar, its documents and its stream; answers the storage keys and folders to remove. A record made meanwhile
   * (a join, a message) refuses it by its RESTRICT reference: the caller archives instead.
   */
  delete(id: number): Promise<{ keys: string[]; folders: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const docs = await trx.selectFrom('webinar_documents').select('storage_key').where('webinar_id', '=', id).execute();
      const stream = await trx.selectFrom('webinar_streams').select('folder').where('webinar_id', '=', id).executeTakeFirst();
      const gone = await trx.deleteFrom('webinars').where('id', '=', id).returning('preview_key').executeTakeFirst();
      return {
        keys: [...docs.map((d) => d.storage_key), ...(gone?.preview_key ? [gone.preview_key] : [])],
        folders: stream ? [stream.folder] : [],
      };
    });
  }
}

export type WebinarRecord = Awaited<ReturnType<WebinarsRepository['ofTeacher']>>['rows'][number];
export type AccessRecord = NonNullable<Awaited<ReturnType<WebinarsRepository['access']>>>;
export type AttendeeRecord = Awaited<ReturnType<WebinarsRepository['attendees']>>[number];
