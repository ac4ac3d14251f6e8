import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FaceCheckMode } from '@oqu/contracts';
import { busy, forbidden, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { ExamsService } from '../exams/exams.service.js';
import type { UploadBytes } from '../files/files.service.js';
import type { WebinarRoomsService } from '../webinars/rooms/webinar-rooms.service.js';
import { decidePair, decideShot, type ShotDecision, singleFace, type Thresholds } from './decision.js';
import {
  type AnalyseOptions,
  type FaceAnalysis,
  type FaceEngine,
  FaceEngineBusyError,
  type FoundFace,
  UnreadableImageError,
} from './engine/face-engine.js';
import { joinsThroughCheck } from './face.policy.js';
import type { CheckTarget, FaceRepository } from './face.repository.js';

export interface FaceSettings {
  /** FACE_CHECK: `off` enrols nothing at upload and guards nothing */
  mode: FaceCheckMode;
  thresholds: Thresholds;
  /** FACE_CHECK_VALID_MINUTES: how long a match lets a trainee into that webinar's room */
  validMinutes: number;
  /** FACE_KEEP_SHOTS: keep the camera's shots beside their scores */
  keepShots: boolean;
}

/** The face model, started the first time it is needed (an app with the check off may never load it). */
export type FaceEngineSource = () => Promise<FaceEngine>;

/** Seconds a caller turned away as busy is asked to wait before the next shot. */
const BUSY_RETRY_SECONDS = 3;

/** Why an enrolment photo is refused, by what was found in it. */
const PHOTO_REFUSALS: Record<'no_face' | 'several_faces' | 'small_face', MessageKey> = {
  no_face: 'face_photo_no_face',
  several_faces: 'face_photo_several_faces',
  small_face: 'face_photo_small_face',
};

/**
 * The face check (docs/ARCHITECTURE.md "Face check"): people's photos enrolled as faces, the staff's
 * comparison of two photos, the camera's check of a trainee joining a webinar or an examiner
 * starting an exam, and the gates the webinar rooms and exams ask before letting them in.
 */
export class FaceService {
  constructor(
    private readonly repository: FaceRepository,
    private readonly engine: FaceEngineSource,
    private readonly storage: Storage,
    private readonly rooms: WebinarRoomsService,
    private readonly exams: ExamsService,
    private readonly settings: FaceSettings,
  ) {}

  // ——— enrolment ———

  /**
   * A person's photo just stored under `key`. With the check on, its one face is read now, and a
   * photo without exactly one face of usable size is refused (422); the answer keeps that face with
   * the photo once the photo is recorded. Off: null, nothing is read.
   */
  async faceOf(key: string): Promise<((photoId: number, userId: number) => Promise<void>) | null> {
    if (this.settings.mode === 'off') return null;
    const engine = await this.engine();
    const found = singleFace(await analyse(engine, await this.read(key)));
    if ('reason' in found) throw unprocessable(PHOTO_REFUSALS[found.reason]);
    return (photoId, userId) => this.repository.enrol(enrolment(engine, { id: photoId, user_id: userId }, found.face));
  }

  /**
   * Enrols every photo the current model has neither enrolled nor refused (`npm run face:enrol`);
   * photos that cannot be enrolled (no single face, unreadable, gone from storage) are listed, never
   * deleted.
   */
  async enrolAll(): Promise<{ enrolled: number; refused: { photoId: number; userId: number; reason: string }[] }> {
    const engine = await this.engine();
    let enrolled = 0;
    const refused: { photoId: number; userId: number; reason: string }[] = [];
    for (const photo of await this.repository.photosToEnrol(engine.model)) {
      const reason = await this.enrol(engine, photo);
      if (reason) refused.push({ photoId: photo.id, userId: photo.user_id, reason });
      else enrolled++;
    }
    return { enrolled, refused };
  }

  /**
   * Enrols one stored photo; answers why not when it cannot be. The model's refusal is kept, so the
   * photo is not read again (a missing file is not: storage may be back at the next check).
   */
  private async enrol(engine: FaceEngine, photo: { id: number; user_id: number; storage_key: string }): Promise<string | null> {
    const stored = await this.storage.read(photo.storage_key);
    if (!stored) return 'file_missing';
    const analysis = await readFaces(engine, await buffer(stored.stream));
    const found = analysis === 'unreadable' ? { reason: analysis } : singleFace(analysis);
    if ('reason' in found) {
      await this.repository.refuse({ photo_id: photo.id, model: engine.model, reason: found.reason });
      return found.reason;
    }
    await this.repository.enrol(enrolment(engine, photo, found.face));
    return null;
  }

  /**
   * The person's enrolled faces by the engine's model, enrolling first the photos it has neither
   * enrolled nor refused (uploaded with the check off, or before a new model).
   */
  private async enrolledFaces(engine: FaceEngine, userId: number) {
    for (const photo of await this.repository.photosToEnrol(engine.model, userId)) await this.enrol(engine, photo);
    return this.repository.enrolmentsOf(userId, engine.model);
  }

  // ——— checks ———

  /**
   * POST /api/face/compare: the largest face of each photo, their similarity and whether they are
   * one person by the threshold; the decision is recorded under the caller.
   */
  async compare(user: AuthUser, source: UploadBytes, target: UploadBytes) {
    const engine = await this.engine();
    const [a, b] = await Promise.all([analyse(engine, source.data), analyse(engine, target.data)]);
    const [faceA, faceB] = [a.faces[0]?.embedding, b.faces[0]?.embedding];
    const similarity = faceA && faceB ? engine.similarity(faceA, faceB) : null;
    const { matched, reason } = decidePair(similarity, this.settings.thresholds);
    await this.record(engine, user, null, { matched, reason, similarity: similarity ?? 0, liveness: null }, null);
    return { matched, reason, similarity: similarity ?? 0 };
  }

  /**
   * POST /api/face/verify: the camera's shot against every enrolled photo of the caller, for a
   * webinar they join (a trainee of its plan, while it is live) or an exam they start (one of its
   * examiners, while it is in progress). Every check is recorded; a match for a webinar records the
   * join as `setattend` does, marked face-verified with its similarity.
   */
  async verify(user: AuthUser, target: { webinarId: number } | { examId: number }, shot: UploadBytes): Promise<ShotDecision> {
    if ('webinarId' in target) await this.rooms.admitToJoin(user, target.webinarId);
    else await this.exams.startAccess(user, target.examId);
    const engine = await this.engine();
    const enrolled = await this.enrolledFaces(engine, user.id);
    let decision: ShotDecision;
    if (enrolled.length === 0) decision = decideShot({ reason: 'not_enrolled' }, this.settings.thresholds);
    else {
      const found = singleFace(await analyse(engine, shot.data, 'check'));
      decision = decideShot(
        'reason' in found
          ? found
          : {
              liveness: found.face.liveness,
              similarities: enrolled.map((e) => engine.similarity(embeddingOf(found.face), e.embedding)),
            },
        this.settings.thresholds,
      );
    }
    await this.record(engine, user, target, decision, shot);
    if (decision.matched && 'webinarId' in target) await this.rooms.join(user, target.webinarId, { similarity: decision.similarity });
    return decision;
  }

  private async record(
    engine: FaceEngine,
    user: AuthUser,
    target: CheckTarget,
    decision: Omit<ShotDecision, 'similarity'> & { similarity: number | null },
    shot: UploadBytes | null,
  ) {
    let shotKey: string | null = null;
    if (shot && this.settings.keepShots) {
      shotKey = `face/${randomBytes(16).toString('hex')}/shot.${shot.mime === 'image/png' ? 'png' : 'jpg'}`;
      await this.storage.put(shotKey, shot.data);
    }
    await this.repository.recordCheck({
      userId: user.id,
      target,
      ...decision,
      threshold: this.settings.thresholds.match,
      model: engine.model,
      shotKey,
    });
  }

  // ——— gates ———

  /** 403 for a trainee without a match for the webinar in the last FACE_CHECK_VALID_MINUTES; staff pass, and everyone with the check off. */
  async requireWebinarCheck(user: Pick<AuthUser, 'id' | 'roleId'>, webinarId: number): Promise<void> {
    if (this.settings.mode === 'off' || !joinsThroughCheck(user)) return;
    if (!(await this.repository.matchedForWebinar(user.id, webinarId, this.settings.validMinutes))) throw forbidden('face_check_first');
  }

  /** 403 for an examiner who never matched for the exam; everyone with the check off. */
  async requireExamCheck(user: Pick<AuthUser, 'id'>, examId: number): Promise<void> {
    if (this.settings.mode === 'off') return;
    if (!(await this.repository.matchedForExam(user.id, examId))) throw forbidden('face_check_first');
  }

  /** A stored photo read back whole (bounded: photos are at most PHOTO_MAX_BYTES). */
  private async read(key: string): Promise<Buffer> {
    const stored = await this.storage.read(key);
    if (!stored) throw new Error(`${key} is gone`);
    return buffer(stored.stream);
  }
}

/** The engine's analysis with the largest face embedded, or that the image cannot be read; a busy engine is 429. */
async function readFaces(
  engine: FaceEngine,
  image: Buffer,
  purpose: AnalyseOptions['purpose'] = 'enrolment',
): Promise<FaceAnalysis | 'unreadable'> {
  try {
    return await engine.analyse(image, { embed: 'largest', purpose });
  } catch (error) {
    if (error instanceof FaceEngineBusyError) throw busy('face_busy', BUSY_RETRY_SECONDS);
    if (error instanceof UnreadableImageError) return 'unreadable';
    throw error;
  }
}

/** The analysis of an image a caller sent: one the engine cannot read is 422. */
async function analyse(engine: FaceEngine, image: Buffer, purpose?: AnalyseOptions['purpose']): Promise<FaceAnalysis> {
  const analysis = await readFaces(engine, image, purpose);
  if (analysis === 'unreadable') throw unprocessable('face_image_unreadable');
  return analysis;
}

/** A photo's one face as it is kept: its embedding by the engine's model, and its box in whole pixels. */
function enrolment(engine: FaceEngine, photo: { id: number; user_id: number }, face: FoundFace) {
  return { photo_id: photo.id, user_id: photo.user_id, model: engine.model, embedding: embeddingOf(face), box: face.box.map(Math.round) };
}

/** The embedding the engine was asked for (the largest face's, which a single usable face is). */
function embeddingOf(face: { embedding: number[] | null }): number[] {
  if (!face.embedding) throw new Error('the engine did not embed the largest face');
  return face.embedding;
}
