import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { ExamSignaturesTable } from '../../db/schema.js';

export type SignatureRecord = Selectable<ExamSignaturesTable>;

export class SignaturesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction holding the exam's row `for update`; null when there is no such
   * exam. The exams module takes the same row `for share` when it writes votes, so a vote and a
   * signature never interleave: what `work` reads is what it signs.
   */
  withExamLocked<T>(examId: number, work: (trx: Executor) => Promise<T>): Promise<T | null> {
    return this.db.transaction().execute(async (trx) => {
      const exam = await trx.selectFrom('exams').select('id').where('id', '=', examId).forUpdate().executeTakeFirst();
      return exam ? work(trx) : null;
    });
  }

  insert(db: Executor, row: Insertable<ExamSignaturesTable>) {
    return db.insertInto('exam_signatures').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The exam's signatures, oldest first. */
  ofExam(examId: number) {
    return this.db.selectFrom('exam_signatures').selectAll().where('exam_id', '=', examId).orderBy('signed_at').orderBy('id').execute();
  }

  find(id: number) {
    return this.db.selectFrom('exam_signatures').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The IIN of the caller's account: the certificate must carry the same. */
  iinOf(userId: number) {
    return this.db
      .selectFrom('users')
      .select('iin')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.iin ?? null);
  }
}
