import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { containing, pageOf } from '../../db/listing.js';
import type { IssuedCertificatesTable } from '../../db/schema.js';

export type IssuedCertificateRecord = Selectable<IssuedCertificatesTable>;

export class IssuedCertificatesRepository {
  constructor(private readonly db: Db) {}

  /** The exam's plan and the plan's certificate template, read in the signing transaction. */
  templateOfExam(trx: Executor, examId: number) {
    return trx
      .selectFrom('exams as e')
      .leftJoin('plans as p', 'p.id', 'e.plan_id')
      .leftJoin('certificates as c', 'c.id', 'p.certificate_id')
      .select(['e.plan_id', 'c.id as template_id', 'c.storage_key'])
      .where('e.id', '=', examId)
      .executeTakeFirst();
  }

  /** Who holds a certificate of the exam already. */
  async holdersOf(trx: Executor, examId: number): Promise<number[]> {
    const rows = await trx.selectFrom('issued_certificates').select('user_id').where('exam_id', '=', examId).execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * Takes `count` numbers of the year in one atomic statement and answers the last of them: the
   * row is created or advanced under its own lock, so two exams signed at once get disjoint blocks.
   */
  async allocateNumbers(trx: Executor, year: number, count: number): Promise<number> {
    const row = await trx
      .insertInto('certificate_numbers')
      .values({ year, last: count })
      .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`certificate_numbers.last + ${count}` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    return row.last;
  }

  /** Inserts the certificates; one a holder already has for the exam is left as it is. */
  async insert(trx: Executor, rows: Insertable<IssuedCertificatesTable>[]) {
    await trx
      .insertInto('issued_certificates')
      .values(rows)
      .onConflict((oc) => oc.columns(['exam_id', 'user_id']).doNothing())
      .execute();
  }

  ofUser(userId: number) {
    return this.db
      .selectFrom('issued_certificates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** One page of every certificate, newest first, with the exam's name and the total. */
  page(search: string | undefined, limit: number, offset: number) {
    let query = this.db
      .selectFrom('issued_certificates as ic')
      .innerJoin('exams as e', 'e.id', 'ic.exam_id')
      .selectAll('ic')
      .select(['e.name as exam_name', sql<number>`count(*) over ()::int`.as('total')]);
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) =>
        eb.or([
          eb('ic.number', 'ilike', pattern),
          eb('ic.holder_name', 'ilike', pattern),
          eb('ic.holder_iin', 'like', pattern),
          eb('ic.plan_name', 'ilike', pattern),
        ]),
      );
    }
    return pageOf(query.orderBy('ic.created_at', 'desc').orderBy('ic.id', 'desc'), limit, offset);
  }

  find(id: number) {
    return this.db.selectFrom('issued_certificates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** By the verification code or the printed number (each unique, each indexed; the two shapes never meet). */
  byCodeOrNumber(key: string) {
    return this.db
      .selectFrom('issued_certificates')
      .selectAll()
      .where((eb) => eb.or([eb('code', '=', key), eb('number', '=', key)]))
      .executeTakeFirst();
  }

  /** Revokes the certificate unless it is revoked already; true when this call revoked it. */
  async revoke(id: number, by: number, reason: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('issued_certificates')
      .set({ revoked_at: at, revoked_by: by, revoke_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Who signed the exam's report card, oldest first. */
  signersOf(examId: number) {
    return this.db
      .selectFrom('exam_signatures')
      .select(['signer_name', 'signed_at'])
      .where('exam_id', '=', examId)
      .orderBy('signed_at')
      .orderBy('id')
      .execute();
  }

  /** A certificate template: its file and layout. */
  template(id: number) {
    return this.db.selectFrom('certificates').select(['storage_key', 'layout']).where('id', '=', id).executeTakeFirst();
  }

  /** A file POST /uploadF stored for certificate templates. */
  upload(storageKey: string) {
    return this.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('storage_key', '=', storageKey)
      .where('storage_key', 'like', 'certificates/%')
      .executeTakeFirst();
  }
}
