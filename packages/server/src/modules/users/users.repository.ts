import { Role } from '@oqu/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import type { UsersTable } from '../../db/schema.js';

const USER_COLUMNS = [
  'id',
  'role_id',
  'last_name',
  'first_name',
  'middle_name',
  'full_name',
  'login',
  'iin',
  'tabel',
  'department',
  'duty',
  'is_blocked',
  'plan_id',
  'region_id',
] as const;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  private live() {
    return this.db
      .selectFrom('users')
      .select([
        ...USER_COLUMNS,
        sql<string>`to_char(registered_on, 'YYYY-MM-DD')`.as('registered_on'),
        // in the same statement as the rows: a list costs no query per person
        sql<string | null>`(select r.full_name from users r where r.id = users.region_id)`.as('region_name'),
      ])
      .where('archived_at', 'is', null);
  }

  /** One page of live people, with the total in the same query. */
  async page(filter: { role?: number; search?: string }, limit: number, offset: number) {
    let query = this.live().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.role) query = query.where('role_id', '=', filter.role);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb('full_name', 'ilike', pattern),
          eb('iin', 'like', pattern),
          eb('tabel', 'ilike', pattern),
          eb('login', 'ilike', pattern),
        ]),
      );
    }
    return pageOf(query.orderBy('full_name').orderBy('id'), limit, offset);
  }

  findById(id: number) {
    return this.live().where('id', '=', id).executeTakeFirst();
  }

  /** Short entries of one role for pickers, by name. */
  options(roleId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'login'])
      .where('role_id', '=', roleId)
      .where('archived_at', 'is', null)
      .where('is_blocked', '=', false)
      .orderBy('full_name')
      .execute();
  }

  /** A region (exam-audience) account that is live: what a trainee's RegionID must name. */
  liveRegion(id: number) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('role_id', '=', Role.Region)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
  }

  /** Photos of many people in one query (no N+1 on lists). */
  photosOf(userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('user_photos')
      .select(['id', 'user_id', 'storage_key', 'name'])
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .orderBy('id')
      .execute();
  }

  async insert(values: Insertable<UsersTable>) {
    const row = await this.db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Saves a live person; answers whether there was one to save. */
  async update(id: number, values: Updateable<UsersTable>) {
    const result = await this.db
      .updateTable('users')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the row; throws a foreign-key violation when anything the person did refers to them. */
  async delete(id: number) {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  async archive(id: number) {
    await this.db
      .updateTable('users')
      .set({ archived_at: sql`now()`, is_blocked: true, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Whether an archived person holds this IIN (for a clearer refusal than a bare conflict). */
  async archivedWithIin(iin: string) {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('iin', '=', iin)
      .where('archived_at', 'is not', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  findPhoto(photoId: number) {
    return this.db.selectFrom('user_photos').select(['id', 'user_id', 'storage_key', 'name']).where('id', '=', photoId).executeTakeFirst();
  }

  insertPhoto(values: { user_id: number; storage_key: string; name: string; mime: string; size: number }) {
    return this.db.insertInto('user_photos').values(values).returning(['id', 'user_id', 'storage_key', 'name']).executeTakeFirstOrThrow();
  }

  async deletePhoto(photoId: number) {
    await this.db.deleteFrom('user_photos').where('id', '=', photoId).execute();
  }
}

export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
export type PhotoRecord = Awaited<ReturnType<UsersRepository['photosOf']>>[number];
