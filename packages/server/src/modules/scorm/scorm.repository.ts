import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/listing.js';

/** A package's columns with its topic's name. */
const PACKAGE_COLUMNS = [
  'p.id',
  'p.name',
  'p.topic_id',
  't.name as topic_name',
  'p.zip_key',
  'p.zip_name',
  'p.zip_size',
  'p.content_prefix',
  'p.version',
  'p.launch',
  'p.title',
  'p.created_at',
] as const;

/** A track's columns a trainee's progress is read from (null when the trainee has none). */
const TRACK_COLUMNS = ['tr.completion_status', 'tr.success_status', 'tr.score', 'tr.total_seconds', 'tr.last_launched_at'] as const;

export class ScormRepository {
  constructor(private readonly db: Db) {}

  private packages() {
    return this.db
      .selectFrom('scorm_packages as p')
      .innerJoin('topics as t', 't.id', 'p.topic_id')
      .select(PACKAGE_COLUMNS)
      .where('p.archived_at', 'is', null);
  }

  /** One page of live packages, newest first (a topic's when `topicId` is given), with the total. */
  page(filter: { topicId?: number }, limit: number, offset: number) {
    let query = this.packages().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.topicId !== undefined) query = query.where('p.topic_id', '=', filter.topicId);
    return pageOf(query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'), limit, offset);
  }

  findById(id: number) {
    return this.packages().where('p.id', '=', id).executeTakeFirst();
  }

  async topicExists(topicId: number) {
    return (await this.db.selectFrom('topics').select('id').where('id', '=', topicId).executeTakeFirst()) !== undefined;
  }

  async insert(values: { name: string; topic_id: number }) {
    const row = await this.db.insertInto('scorm_packages').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: { name?: string; topic_id?: number }) {
    await this.db
      .updateTable('scorm_packages')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .execute();
  }

  /**
   * Records an uploaded and unpacked zip on a live package and answers what it replaced (the old zip
   * and content, to remove), or undefined when the package is gone or archived meanwhile.
   */
  async recordUpload(
    id: number,
    values: {
      zip_key: string;
      zip_name: string;
      zip_size: number;
      content_prefix: string;
      version: '1.2' | '2004';
      launch: string;
      title: string;
      entries: number;
      unpacked_bytes: number;
    },
  ) {
    return this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('scorm_packages')
        .select(['zip_key', 'content_prefix'])
        .where('id', '=', id)
        .where('archived_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!old) return undefined;
      await trx
        .updateTable('scorm_packages')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      return old;
    });
  }

  async archive(id: number) {
    await this.db.updateTable('scorm_packages').set({ archived_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** Deletes a package nobody has a track of, in one statement; false when a track exists (it is archived then). */
  async deleteUntracked(id: number) {
    const result = await this.db
      .deleteFrom('scorm_packages')
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('scorm_tracks').select('user_id').where('package_id', '=', id))))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The live packages of the person's plan's topics with the person's own track, in one query. */
  packagesOfTrainee(userId: number, filter: { id?: number; topicId?: number } = {}) {
    let query = this.packages()
      .leftJoin('scorm_tracks as tr', (join) => join.onRef('tr.package_id', '=', 'p.id').on('tr.user_id', '=', userId))
      .select(TRACK_COLUMNS)
      .where('t.plan_id', '=', (eb) => eb.selectFrom('users').select('plan_id').where('id', '=', userId));
    if (filter.id !== undefined) query = query.where('p.id', '=', filter.id);
    if (filter.topicId !== undefined) query = query.where('p.topic_id', '=', filter.topicId);
    return query.orderBy('t.type_id').orderBy('t.position').orderBy('t.id').orderBy('p.id').execute();
  }

  /** Whether the package's topic is in the person's plan. */
  async inPlanOf(userId: number, packageId: number) {
    const row = await this.db
      .selectFrom('scorm_packages as p')
      .innerJoin('topics as t', 't.id', 'p.topic_id')
      .innerJoin('users as u', 'u.plan_id', 't.plan_id')
      .select('p.id')
      .where('p.id', '=', packageId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Issues a launch: stores the token's hash, forgets the person's expired launches and marks the
   * track launched (making it when this is the first launch), in one transaction.
   */
  async insertLaunch(values: { token_hash: string; user_id: number; package_id: number; minutes: number }) {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('scorm_launches').where('user_id', '=', values.user_id).where('expires_at', '<', sql<Date>`now()`).execute();
      const launch = await trx
        .insertInto('scorm_launches')
        .values({
          token_hash: values.token_hash,
          user_id: values.user_id,
          package_id: values.package_id,
          expires_at: sql<Date>`now() + make_interval(mins => ${values.minutes})`,
        })
        .returning('expires_at')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('scorm_tracks')
        .values({ user_id: values.user_id, package_id: values.package_id, last_launched_at: sql`now()` })
        .onConflict((oc) => oc.columns(['user_id', 'package_id']).doUpdateSet({ last_launched_at: sql`now()` }))
        .execute();
      return launch.expires_at;
    });
  }

  /** A live launch by its token's hash, with its package (live, with content) and the trainee's track. */
  liveLaunch(tokenHash: string) {
    return this.db
      .selectFrom('scorm_launches as l')
      .innerJoin('scorm_packages as p', 'p.id', 'l.package_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('scorm_tracks as tr', (join) => join.onRef('tr.package_id', '=', 'l.package_id').onRef('tr.user_id', '=', 'l.user_id'))
      .select([
        'l.token_hash',
        'l.user_id',
        'l.package_id',
        'l.created_at as launched_at',
        'l.terminated_at',
        'p.name',
        'p.version',
        'p.launch',
        'p.content_prefix',
        'tr.cmi',
        ...TRACK_COLUMNS,
      ])
      .where('l.token_hash', '=', tokenHash)
      .where('l.expires_at', '>', sql<Date>`now()`)
      .where('p.archived_at', 'is', null)
      .where('p.content_prefix', 'is not', null)
      .where('u.archived_at', 'is', null)
      .where('u.is_blocked', '=', false)
      .executeTakeFirst();
  }

  /**
   * Stores a commit on the trainee's track and, for a terminating commit, adds the session's seconds
   * to the total once per launch (the launch is marked terminated in the same transaction, so a
   * second "terminate" of the same launch, a closing tab after LMSFinish, adds nothing).
   */
  async commit(
    launch: { token_hash: string; user_id: number; package_id: number },
    values: { cmi: string; completion: string; success: string; score: number | null; addSeconds: number | null },
  ) {
    return this.db.transaction().execute(async (trx) => {
      let add = 0;
      if (values.addSeconds !== null) {
        const marked = await trx
          .updateTable('scorm_launches')
          .set({ terminated_at: sql`now()` })
          .where('token_hash', '=', launch.token_hash)
          .where('terminated_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) > 0) add = values.addSeconds;
      }
      return trx
        .insertInto('scorm_tracks')
        .values({
          user_id: launch.user_id,
          package_id: launch.package_id,
          cmi: values.cmi,
          completion_status: values.completion,
          success_status: values.success,
          score: values.score,
          total_seconds: add,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'package_id']).doUpdateSet({
            cmi: values.cmi,
            completion_status: values.completion,
            success_status: values.success,
            score: values.score,
            total_seconds: sql`scorm_tracks.total_seconds + ${add}`,
            updated_at: sql`now()`,
          }),
        )
        .returning(['completion_status', 'success_status', 'score', 'total_seconds', 'last_launched_at'])
        .executeTakeFirstOrThrow();
    });
  }
}

export type ScormPackageRecord = NonNullable<Awaited<ReturnType<ScormRepository['findById']>>>;
export type TraineePackageRecord = Awaited<ReturnType<ScormRepository['packagesOfTrainee']>>[number];
export type LaunchRecord = NonNullable<Awaited<ReturnType<ScormRepository['liveLaunch']>>>;
