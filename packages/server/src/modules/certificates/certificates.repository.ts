import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';

export class CertificatesRepository {
  constructor(private readonly db: Db) {}

  private certificates() {
    return this.db.selectFrom('certificates').select(['id', 'name', 'file_name', 'storage_key', 'layout']);
  }

  /** One page of certificates by name, with the total in the same query. */
  async page(filter: { search?: string }, limit: number, offset: number) {
    let query = this.certificates().select(sql<number>`count(*) over ()::int`.as('total'));
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('file_name', 'ilike', pattern)]));
    }
    return pageOf(query.orderBy('name').orderBy('id'), limit, offset);
  }

  findById(id: number) {
    return this.certificates().where('id', '=', id).executeTakeFirst();
  }

  /** A file stored by POST /uploadF for certificates. */
  findUpload(storageKey: string) {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'storage_key', 'name'])
      .where('storage_key', '=', storageKey)
      .where('storage_key', 'like', 'certificates/%')
      .executeTakeFirst();
  }

  async insertUpload(values: { storage_key: string; name: string; mime: string; size: number; uploaded_by: number }) {
    await this.db.insertInto('uploads').values(values).execute();
  }

  async insert(values: { name: string; file_name: string; storage_key: string; layout: string | null }) {
    const row = await this.db.insertInto('certificates').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: { name: string; file_name: string; storage_key: string; layout?: string | null }) {
    await this.db.updateTable('certificates').set(values).where('id', '=', id).execute();
  }

  /** How many plans name the certificate. */
  async planCount(id: number) {
    const row = await this.db
      .selectFrom('plans')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('certificate_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Removes the row; a plan that names it makes the database refuse (RESTRICT). */
  async delete(id: number) {
    await this.db.deleteFrom('certificates').where('id', '=', id).execute();
  }

  /**
   * Forgets an uploaded file that no certificate names any more, in one statement so a file
   * still in use is never forgotten; true when it was, and the stored file may go.
   */
  async forgetUnusedUpload(storageKey: string) {
    const result = await this.db
      .deleteFrom('uploads')
      .where('storage_key', '=', storageKey)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('certificates').select('id').where('certificates.storage_key', '=', storageKey))),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

export type CertificateRecord = NonNullable<Awaited<ReturnType<CertificatesRepository['findById']>>>;
