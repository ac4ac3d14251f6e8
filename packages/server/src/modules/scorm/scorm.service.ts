import { randomBytes } from 'node:crypto';
import { type LearnerScormPackage, SCORM_CMI_MAX_BYTES, type ScormPackage, type ScormProgress, type ScormVersion } from '@oqu/contracts';
import { isReferenceViolation } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound, unauthorized, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import { removeUnder, type Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { hashToken } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { readRanged } from '../files/byte-range.js';
import type { Upload } from '../files/files.service.js';
import { isStorable, mergedStatus, resumeData, statusOf, withinDepth } from './cmi.js';
import { type PackageLimits, unpackPackage } from './package-archive.js';
import { managesPackages } from './scorm.policy.js';
import { toLearnerPackage, toProgress, toScormPackage } from './scorm.presenter.js';
import type { ScormRepository } from './scorm.repository.js';

export interface ScormSettings {
  limits: PackageLimits;
  /** how long a launch token lives */
  launchMinutes: number;
  /** terminating commits one launch may send a minute, and commits of any kind */
  commitsPerMinute?: number;
}

/** The types package files are served with, by extension; anything else is a download's octet stream. */
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/** A package file's type by its extension (any case). */
export function contentTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** What the learner's plan shows of a topic's packages. */
export interface PlanScorm {
  ID: number;
  Name: string;
  Progress: ScormProgress;
}

/**
 * A path inside a package as the content origin was asked for it: relative, with no `..`, `.`, empty
 * or backslashed segment and no NUL; null otherwise.
 */
export function packagePath(path: string): string | null {
  if (path === '' || path.length > 1000 || /[\\\0]/.test(path) || path.startsWith('/')) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return path;
}

/** Counts commits per launch over a sliding minute, in this process's memory. */
class CommitBudget {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  take(key: string, now = Date.now()): boolean {
    if (this.windows.size > 50_000) {
      for (const [other, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(other);
    }
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.perMinute;
  }
}

/** Seconds a session may claim beyond the launch's own age (clock differences, a slow last commit). */
const SESSION_SLACK_SECONDS = 60;

export class ScormService {
  private readonly commits: CommitBudget;

  constructor(
    private readonly repository: ScormRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly settings: ScormSettings,
  ) {
    this.commits = new CommitBudget(settings.commitsPerMinute ?? 120);
  }

  // ——— the administrator's packages ———

  /** An administrator's list (one package by `id`, a topic's by `topic`, paged) or a trainee's own packages. */
  async list(
    actor: AuthUser,
    query: { page?: number; id?: number; topic?: number },
  ): Promise<{ data: (ScormPackage | LearnerScormPackage)[]; pages?: number; total?: number }> {
    if (!managesPackages(actor)) {
      const rows = await this.repository.packagesOfTrainee(actor.id, { id: query.id, topicId: query.topic });
      if (query.id !== undefined && rows.length === 0) throw notFound('scorm_not_found');
      return { data: rows.map(toLearnerPackage) };
    }
    if (query.id !== undefined) return { data: [await this.get(query.id)] };
    return paged(
      query.page ?? 1,
      (limit, offset) => this.repository.page({ topicId: query.topic }, limit, offset),
      (rows) => rows.map(toScormPackage),
    );
  }

  async get(id: number): Promise<ScormPackage> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('scorm_not_found');
    return toScormPackage(row);
  }

  async create(actor: AuthUser, body: { TopicID: number; Name: string }) {
    if (!(await this.repository.topicExists(body.TopicID))) throw unprocessable('scorm_topic_unknown');
    const id = await this.repository.insert({ name: body.Name, topic_id: body.TopicID });
    await this.audit.record(actor.id, 'scorm.create', id, { name: body.Name, topic: body.TopicID });
    return id;
  }

  async update(actor: AuthUser, id: number, body: { TopicID?: number; Name?: string }) {
    if (body.TopicID === undefined && body.Name === undefined) throw badRequest('scorm_update_empty');
    if (!(await this.repository.findById(id))) throw notFound('scorm_not_found');
    if (body.TopicID !== undefined && !(await this.repository.topicExists(body.TopicID))) throw unprocessable('scorm_topic_unknown');
    await this.repository.update(id, { name: body.Name, topic_id: body.TopicID });
    await this.audit.record(actor.id, 'scorm.update', id, { name: body.Name, topic: body.TopicID });
  }

  /**
   * Deletes a package nobody opened, with its zip and content; one with a trainee's track is archived
   * instead (gone from every list and launch; the tracks and files stay).
   */
  async remove(actor: AuthUser, id: number): Promise<{ archived: boolean }> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('scorm_not_found');
    const deleted = await this.repository.deleteUntracked(id);
    if (deleted) {
      if (current.zip_key) await this.storage.remove(current.zip_key);
      if (current.content_prefix) await removeUnder(this.storage, current.content_prefix);
    } else {
      await this.repository.archive(id);
    }
    await this.audit.record(actor.id, deleted ? 'scorm.delete' : 'scorm.archive', id, { name: current.name });
    return { archived: !deleted };
  }

  /** The zip as it was uploaded, to download. */
  async download(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('scorm_not_found');
    if (!row.zip_key) throw notFound('scorm_not_uploaded');
    const stored = await this.storage.read(row.zip_key);
    if (!stored) throw notFound('scorm_not_uploaded');
    return { ...stored, name: row.zip_name ?? `${row.name}.zip` };
  }

  /**
   * Takes a zip streamed into storage for a package: unpacks it (every check of `unpackPackage`; a
   * refusal is its 422, and the upload route removes the zip) under a new prefix, records it on the
   * package, then removes what it replaced. Nothing of a refused zip is kept.
   */
  async storeUpload(actor: AuthUser, packageId: number, file: Upload): Promise<ScormPackage> {
    if (!(await this.repository.findById(packageId))) throw notFound('scorm_not_found');
    // a folder of its own per upload (`scorm/<id>-<random>`), so a replaced upload is removed whole
    const prefix = `scorm/${packageId}-${randomBytes(16).toString('hex')}`;
    const unpacked = await unpackPackage(this.storage, file.key, prefix, this.settings.limits);
    let replaced: { zip_key: string | null; content_prefix: string | null } | undefined;
    try {
      replaced = await this.repository.recordUpload(packageId, {
        zip_key: file.key,
        zip_name: file.name,
        zip_size: file.size,
        content_prefix: prefix,
        version: unpacked.version,
        launch: unpacked.launch,
        title: unpacked.title,
        entries: unpacked.entries,
        unpacked_bytes: unpacked.unpackedBytes,
      });
    } catch (error) {
      await removeUnder(this.storage, prefix);
      throw error;
    }
    if (!replaced) {
      // deleted or archived while the zip was unpacking
      await removeUnder(this.storage, prefix);
      throw notFound('scorm_not_found');
    }
    if (replaced.zip_key && replaced.zip_key !== file.key) await this.storage.remove(replaced.zip_key);
    if (replaced.content_prefix) await removeUnder(this.storage, replaced.content_prefix);
    await this.audit.record(actor.id, 'scorm.upload', packageId, {
      file: file.name,
      size: file.size,
      version: unpacked.version,
      entries: unpacked.entries,
    });
    return this.get(packageId);
  }

  // ——— the trainee ———

  /** Opens one of the trainee's packages: a launch token for the content origin, valid `launchMinutes`. */
  async launch(actor: AuthUser, id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('scorm_not_found');
    if (!(await this.repository.inPlanOf(actor.id, id))) throw forbidden('scorm_not_in_plan');
    if (!row.content_prefix) throw unprocessable('scorm_not_uploaded');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.repository
      .insertLaunch({ token_hash: hashToken(token), user_id: actor.id, package_id: id, minutes: this.settings.launchMinutes })
      .catch((error: unknown) => {
        // deleted meanwhile
        if (isReferenceViolation(error)) throw notFound('scorm_not_found');
        throw error;
      });
    return { token, expiresAt: new Date(expiresAt).toISOString(), name: row.name };
  }

  /** The packages of each topic of the trainee's plan with their progress: one query for the whole plan. */
  async planPackages(userId: number): Promise<Map<number, PlanScorm[]>> {
    const rows = await this.repository.packagesOfTrainee(userId);
    const byTopic = new Map<number, PlanScorm[]>();
    for (const row of rows) {
      const item = { ID: row.id, Name: row.name, Progress: toProgress(row) };
      const list = byTopic.get(row.topic_id);
      if (list) list.push(item);
      else byTopic.set(row.topic_id, [item]);
    }
    return byTopic;
  }

  // ——— the content origin (the launch token is the only key) ———

  private async liveLaunch(token: string | null | undefined) {
    if (!token || token.length > 200) throw unauthorized('scorm_launch_invalid');
    const launch = await this.repository.liveLaunch(hashToken(token));
    if (!launch?.version || !launch.launch || !launch.content_prefix) throw unauthorized('scorm_launch_invalid');
    return { ...launch, version: launch.version, launch: launch.launch, content_prefix: launch.content_prefix };
  }

  /** What the player needs to start the course: its version, its entry address, and the stored data to resume. */
  async session(token: string | null) {
    const launch = await this.liveLaunch(token);
    return {
      Version: launch.version as ScormVersion,
      Name: launch.name,
      Entry: `c/${token}/${launch.launch}`,
      Cmi: resumeData(launch.cmi, launch.version, Number(launch.total_seconds ?? 0)),
    };
  }

  /**
   * Stores the course's data as committed (an object of at most SCORM_CMI_MAX_BYTES, nested at most
   * CMI_MAX_DEPTH levels) with the status read from it, and on `Terminate` adds the session's time
   * (no more than the launch has lived) to the server's total, once per launch.
   */
  async commit(body: { Token: string; Cmi: Record<string, unknown>; Terminate: boolean }): Promise<ScormProgress> {
    const launch = await this.liveLaunch(body.Token);
    if (!this.commits.take(launch.token_hash)) throw new AppError(429, 'rate_limited');
    const serialized = JSON.stringify(body.Cmi);
    if (Buffer.byteLength(serialized) > SCORM_CMI_MAX_BYTES || !withinDepth(body.Cmi)) throw new AppError(413, 'scorm_cmi_too_large');
    // jsonb holds no NUL character and no lone surrogate
    if (!isStorable(body.Cmi)) throw badRequest('scorm_cmi_invalid');
    const committed = statusOf(body.Cmi, launch.version);
    const merged = mergedStatus(
      {
        completion: launch.completion_status ?? 'not attempted',
        success: launch.success_status ?? 'unknown',
        score: launch.score === null ? null : Number(launch.score),
      },
      committed,
    );
    let addSeconds: number | null = null;
    if (body.Terminate) {
      const lived = (Date.now() - new Date(launch.launched_at).getTime()) / 1000 + SESSION_SLACK_SECONDS;
      addSeconds = Math.round(Math.max(0, Math.min(committed.sessionSeconds ?? 0, lived)) * 100) / 100;
    }
    const row = await this.repository.commit(launch, {
      cmi: serialized,
      completion: merged.completion,
      success: merged.success,
      score: merged.score,
      addSeconds,
    });
    return toProgress(row);
  }

  /**
   * A file of the launched package by its path inside the package, as a `Range` header asks for it
   * (`readRanged`), typed by its extension; null when the package has no such file.
   */
  async contentFile(token: string, path: string, rangeHeader?: string) {
    const launch = await this.liveLaunch(token);
    const inside = packagePath(path);
    if (!inside) return null;
    const found = await readRanged(this.storage, `${launch.content_prefix}/${inside}`, rangeHeader);
    return found && { found, contentType: contentTypeOf(inside) };
  }
}
