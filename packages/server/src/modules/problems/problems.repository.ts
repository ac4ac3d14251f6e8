import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { pageOf } from '../../db/listing.js';

/**
 * Whose read mark a list's `Read` uses: the thread's trainee (`learner_read_at`) or the webinar's
 * teacher (`teacher_read_at`; an administrator's read-only view shows the teacher's too).
 */
export type ReadSide = 'learner' | 'teacher';

/** Which threads a list holds: one trainee's, one teacher's webinars', or all; optionally of one webinar. */
export interface ThreadsFilter {
  userId?: number;
  teacherId?: number;
  webinarId?: number;
}

/**
 * "Unread" as every screen reads it: for the trainee, an answer by someone else newer than their
 * read mark; for the teacher, the question or a trainee's answer newer than theirs. A missing mark
 * is older than everything. Strictly newer: a read at the same instant as a message has seen it.
 */
const READ: Record<ReadSide, RawBuilder<boolean>> = {
  learner: sql<boolean>`not exists (
    select 1 from problem_answers a
    where a.problem_id = p.id and a.user_id <> p.user_id and a.created_at > coalesce(p.learner_read_at, '-infinity'::timestamptz))`,
  teacher: sql<boolean>`(p.created_at <= coalesce(p.teacher_read_at, '-infinity'::timestamptz) and not exists (
    select 1 from problem_answers a
    where a.problem_id = p.id and a.user_id = p.user_id and a.created_at > p.teacher_read_at))`,
};

export class ProblemsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A window of the threads with their trainee, webinar and the webinar's teacher, most recent
   * activity first, and the total, in one query. Archived webinars' threads are included: the
   * conversation is a record.
   */
  threads(filter: ThreadsFilter, side: ReadSide, limit: number, offset: number) {
    let query = this.db
      .selectFrom('problems as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .innerJoin('webinars as w', 'w.id', 'p.webinar_id')
      .innerJoin('users as teacher', 'teacher.id', 'w.teacher_id')
      .select([
        'p.id',
        'p.webinar_id',
        'p.user_id',
        'p.question_text',
        'p.created_at',
        'u.full_name',
        'u.duty',
        'u.role_id',
        'w.name as webinar_name',
        'w.begin_time',
        'w.description',
        'teacher.full_name as teacher_name',
        READ[side].as('read'),
        sql<number>`count(*) over ()::int`.as('total'),
      ]);
    if (filter.userId !== undefined) query = query.where('p.user_id', '=', filter.userId);
    if (filter.teacherId !== undefined) query = query.where('w.teacher_id', '=', filter.teacherId);
    if (filter.webinarId !== undefined) query = query.where('p.webinar_id', '=', filter.webinarId);
    const ordered = query
      .orderBy(sql`greatest(p.created_at, (select max(a.created_at) from problem_answers a where a.problem_id = p.id))`, 'desc')
      .orderBy('p.id', 'desc');
    return pageOf(ordered, limit, offset);
  }

  /** The answers of these threads with their authors, oldest first within each thread. */
  answers(problemIds: readonly number[]) {
    return this.db
      .selectFrom('problem_answers as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.problem_id', 'a.user_id', 'a.answer_text', 'a.created_at', 'u.full_name', 'u.role_id'])
      .where('a.problem_id', 'in', problemIds)
      .orderBy('a.problem_id')
      .orderBy('a.id')
      .execute();
  }

  /** The files of these answers, in the order they were attached. */
  documents(answerIds: readonly number[]) {
    return this.db
      .selectFrom('problem_answer_documents')
      .select(['id', 'answer_id', 'name', 'storage_key', 'size', 'content_type'])
      .where('answer_id', 'in', answerIds)
      .orderBy('id')
      .execute();
  }

  /** A thread with who takes part in it: its trainee and its webinar's teacher. */
  findThread(id: number) {
    return this.db
      .selectFrom('problems as p')
      .innerJoin('webinars as w', 'w.id', 'p.webinar_id')
      .select(['p.id', 'p.user_id', 'p.webinar_id', 'w.teacher_id'])
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  /** An answer with its author and its thread's trainee and teacher. */
  findAnswer(id: number) {
    return this.db
      .selectFrom('problem_answers as a')
      .innerJoin('problems as p', 'p.id', 'a.problem_id')
      .innerJoin('webinars as w', 'w.id', 'p.webinar_id')
      .select(['a.id', 'a.user_id as author_id', 'p.user_id as trainee_id', 'w.teacher_id'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The trainee's question: a new thread, or, when they already have one on this webinar, an answer
   * in it (the unique (webinar, person) pair decides, so two questions at once still make one
   * thread). Either way the thread is read for the trainee. Answers the thread's id.
   */
  ask(webinarId: number, userId: number, text: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('problems')
        .values({ webinar_id: webinarId, user_id: userId, question_text: text, learner_read_at: sql`now()` })
        .onConflict((oc) => oc.columns(['webinar_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created) return created.id;
      const thread = await trx
        .updateTable('problems')
        .set({ learner_read_at: sql`now()` })
        .where('webinar_id', '=', webinarId)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('problem_answers').values({ problem_id: thread.id, user_id: userId, answer_text: text }).execute();
      return thread.id;
    });
  }

  /** A message in a thread; its author has read the thread by writing in it. Answers the message's id. */
  answer(problemId: number, userId: number, text: string, side: ReadSide): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('problem_answers')
        .values({ problem_id: problemId, user_id: userId, answer_text: text })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.markRead(problemId, side, trx);
      return row.id;
    });
  }

  /** Sets one side's read mark of a thread to now. */
  async markRead(problemId: number, side: ReadSide, executor: Executor = this.db) {
    await executor
      .updateTable('problems')
      .set(side === 'learner' ? { learner_read_at: sql`now()` } : { teacher_read_at: sql`now()` })
      .where('id', '=', problemId)
      .execute();
  }

  /** The trainee's thread on a webinar marked read for them (nothing when they have none). */
  async markOwnThreadRead(webinarId: number, userId: number) {
    await this.db
      .updateTable('problems')
      .set({ learner_read_at: sql`now()` })
      .where('webinar_id', '=', webinarId)
      .where('user_id', '=', userId)
      .execute();
  }

  insertDocument(values: { answer_id: number; name: string; storage_key: string; size: number; content_type: string }) {
    return this.db.insertInto('problem_answer_documents').values(values).execute();
  }
}

export type ThreadRecord = Awaited<ReturnType<ProblemsRepository['threads']>>['rows'][number];
export type AnswerRecord = Awaited<ReturnType<ProblemsRepository['answers']>>[number];
export type DocumentRecord = Awaited<ReturnType<ProblemsRepository['documents']>>[number];
