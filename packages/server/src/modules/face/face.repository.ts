import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FaceCheckReason, FaceEnrolmentRefusal } from '../../db/schema.js';

/** What one check was about: a webinar's join, an examiner's exam, or neither (a staff comparison). */
export type CheckTarget = { webinarId: number } | { examId: number } | null;

/** The enrolled faces of people's photos, and the checks made, kept for the audit. */
export class FaceRepository {
  constructor(private readonly db: Db) {}

  /** The person's enrolled faces by this model. */
  enrolmentsOf(userId: number, model: string) {
    return this.db
      .selectFrom('face_enrolments')
      .select(['photo_id', 'embedding'])
      .where('user_id', '=', userId)
      .where('model', '=', model)
      .execute();
  }

  /**
   * Photos this model has neither enrolled nor refused: the person's, or everyone's (the one-off
   * enrolment), oldest first.
   */
  photosToEnrol(model: string, userId?: number) {
    let query = this.db
      .selectFrom('user_photos as p')
      .leftJoin('face_enrolments as e', (join) => join.onRef('e.photo_id', '=', 'p.id').on('e.model', '=', model))
      .leftJoin('face_enrolment_refusals as r', (join) => join.onRef('r.photo_id', '=', 'p.id').on('r.model', '=', model))
      .select(['p.id', 'p.user_id', 'p.storage_key'])
      .where('e.photo_id', 'is', null)
      .where('r.photo_id', 'is', null);
    if (userId !== undefined) query = query.where('p.user_id', '=', userId);
    return query.orderBy('p.id').execute();
  }

  /** Keeps a photo's face; a photo enrolled by another model gets this one's instead. */
  async enrol(values: { photo_id: number; user_id: number; model: string; embedding: number[]; box: number[] }) {
    await this.db
      .insertInto('face_enrolments')
      .values(values)
      .onConflict((oc) =>
        oc.column('photo_id').doUpdateSet({
          model: values.model,
          embedding: values.embedding,
          box: values.box,
          created_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** Keeps that this model found no single usable face in the photo (or could not read it). */
  async refuse(values: { photo_id: number; model: string; reason: FaceEnrolmentRefusal }) {
    await this.db
      .insertInto('face_enrolment_refusals')
      .values(values)
      .onConflict((oc) => oc.columns(['photo_id', 'model']).doUpdateSet({ reason: values.reason }))
      .execute();
  }

  /** Records one check's scores and decision. */
  async recordCheck(values: {
    userId: number;
    target: CheckTarget;
    matched: boolean;
    reason: FaceCheckReason | null;
    similarity: number | null;
    liveness: number | null;
    threshold: number;
    model: string;
    shotKey: string | null;
  }) {
    const { target } = values;
    await this.db
      .insertInto('face_verifications')
      .values({
        user_id: values.userId,
        webinar_id: target && 'webinarId' in target ? target.webinarId : null,
        exam_id: target && 'examId' in target ? target.examId : null,
        matched: values.matched,
        reason: values.reason,
        similarity: values.similarity,
        liveness: values.liveness,
        threshold: values.threshold,
        model: values.model,
        shot_key: values.shotKey,
      })
      .execute();
  }

  /** Whether the person passed a check for the webinar in the last `minutes`. */
  async matchedForWebinar(userId: number, webinarId: number, minutes: number) {
    const row = await this.db
      .selectFrom('face_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('webinar_id', '=', webinarId)
      .where('matched', '=', true)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Whether the examiner ever passed a check for the exam. */
  async matchedForExam(userId: number, examId: number) {
    const row = await this.db
      .selectFrom('face_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('exam_id', '=', examId)
      .where('matched', '=', true)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }
}
