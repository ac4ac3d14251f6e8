import { type CreateUserRequest, type Language, Role, type UpdateUserRequest } from '@oqu/contracts';
import { isReferenceViolation, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode, writeChecked } from '../../db/database.js';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import { paged } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { Upload } from '../files/files.service.js';
import type { RetakesService } from '../retakes/retakes.service.js';
import { locksSelfOut } from './users.policy.js';
import { toPhoto, toUser, toUsers } from './users.presenter.js';
import type { UsersRepository } from './users.repository.js';

type NameFields = Pick<CreateUserRequest, 'Fullname' | 'Lastname' | 'Firstname' | 'Patronomyc'>;
type Names = { last_name: string; first_name: string; middle_name: string; full_name: string };

/**
 * The stored name: the parts when the form gives them (examiners, teachers), else the full name as
 * typed; a person's full name is split into parts, an audience account's name is kept whole.
 */
export function resolveNames(input: NameFields, roleId: number, current?: Names): Names | undefined {
  if (input.Lastname !== undefined || input.Firstname !== undefined || input.Patronomyc !== undefined) {
    const last_name = input.Lastname ?? current?.last_name ?? '';
    const first_name = input.Firstname ?? current?.first_name ?? '';
    const middle_name = input.Patronomyc ?? current?.middle_name ?? '';
    return { last_name, first_name, middle_name, full_name: [last_name, first_name, middle_name].filter(Boolean).join(' ') };
  }
  if (input.Fullname === undefined) return undefined;
  const full_name = input.Fullname.replace(/\s+/g, ' ').trim();
  if (roleId === Role.Region) return { last_name: '', first_name: '', middle_name: '', full_name };
  const [last_name = '', first_name = '', ...rest] = full_name.split(' ');
  return { last_name, first_name, middle_name: rest.join(' '), full_name };
}

/**
 * The face check's part in a person's photo (the face module answers). With the check on it reads
 * the stored photo's one face, refusing (422) a photo with none, several or only small ones, and
 * answers what keeps that face with the photo once recorded; off, it answers null.
 */
export interface PhotoFaces {
  faceOf(key: string): Promise<((photoId: number, userId: number) => Promise<void>) | null>;
}

const UNIQUE_KEYS: Record<string, MessageKey> = {
  users_iin_key: 'iin_taken',
  users_login_key: 'login_taken',
  users_tabel_key: 'tabel_taken',
};

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly retakes: RetakesService,
    private readonly faces: PhotoFaces,
  ) {}

  list(query: { page: number; role?: number; search?: string }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      async (rows) => toUsers(rows, await this.repository.photosOf(rows.map((r) => r.id))),
    );
  }

  /** One person, with their gradebook journal and their retakes (the users screen's details). */
  async get(id: number, language: Language) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('user_not_found');
    const [photos, Journal, Retake] = await Promise.all([
      this.repository.photosOf([id]),
      this.retakes.journal(id, row.plan_id, language),
      this.retakes.ofUser(id, language),
    ]);
    return { ...toUser(row, photos), Journal, Retake };
  }

  async options(roleId: number) {
    const rows = await this.repository.options(roleId);
    return rows.map((r) => ({ ID: r.id, Fullname: r.full_name, Login: r.login ?? '' }));
  }

  /**
   * A trainee's region: a live region account (422 otherwise). Only trainees belong to one: a region
   * given for another role is refused, and a person who stops being a trainee leaves theirs.
   */
  private async regionOf(roleId: number, regionId: number | null | undefined, current?: number | null) {
    if (roleId !== Role.Trainee) {
      if (regionId !== undefined && regionId !== null) throw unprocessable('user_region_trainee_only');
      return current === undefined || current === null ? undefined : null;
    }
    if (regionId === undefined || regionId === null) return regionId;
    if (!(await this.repository.liveRegion(regionId))) throw unprocessable('user_region_invalid');
    return regionId;
  }

  async create(actor: AuthUser, body: CreateUserRequest) {
    const names = resolveNames(body, body.RoleID);
    if (!names?.full_name) throw badRequest('name_required');
    const regionId = await this.regionOf(body.RoleID, body.RegionID);
    const passwordHash = await hashPassword(body.Password);
    const id = await this.writing(body.IIN, () =>
      this.repository.insert({
        ...names,
        role_id: body.RoleID,
        iin: body.IIN,
        login: body.Username || null,
        tabel: body.Tabel || null,
        department: body.Department ?? '',
        duty: body.Duty ?? '',
        plan_id: body.PlanID ?? null,
        region_id: regionId ?? null,
        password_hash: passwordHash,
      }),
    );
    await this.audit.record(actor.id, 'user.create', id, { role: body.RoleID, ...(body.PlanID ? { plan: body.PlanID } : {}) });
    return id;
  }

  /** `{IsBlocked}` blocks or unblocks; other fields edit the person. Returns what happened. */
  async update(actor: AuthUser, id: number, body: UpdateUserRequest): Promise<MessageKey> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('user_not_found');
    const roleId = body.RoleID ?? current.role_id;
    if (locksSelfOut(actor, id, { blocks: body.IsBlocked === true, roleId })) throw unprocessable('cannot_change_self');

    const names = resolveNames(body, roleId, current);
    if (names && !names.full_name) throw badRequest('name_required');
    const regionId = await this.regionOf(roleId, body.RegionID, current.region_id);
    await this.writing(body.IIN ?? current.iin, () =>
      this.repository.update(id, {
        ...names,
        role_id: roleId,
        iin: body.IIN,
        login: body.Username === undefined ? undefined : body.Username || null,
        tabel: body.Tabel === undefined ? undefined : body.Tabel || null,
        department: body.Department,
        duty: body.Duty,
        plan_id: body.PlanID,
        region_id: regionId,
        is_blocked: body.IsBlocked,
      }),
    );
    if (body.IsBlocked === true || roleId !== current.role_id) await this.auth.revokeSessions(id);
    const action =
      body.IsBlocked === undefined || body.IsBlocked === current.is_blocked
        ? 'user.update'
        : body.IsBlocked
          ? 'user.block'
          : 'user.unblock';
    await this.audit.record(actor.id, action, id, {
      fields: Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined),
    });
    if (action === 'user.block') return 'user_blocked';
    if (action === 'user.unblock') return 'user_unblocked';
    return 'user_updated';
  }

  /** Attaches a plan to a live person, or detaches it with null; returns what happened. */
  async attachPlan(actor: AuthUser, id: number, planId: number | null): Promise<MessageKey> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('user_not_found');
    const updated = await this.writing(current.iin, () => this.repository.update(id, { plan_id: planId }));
    if (!updated) throw notFound('user_not_found');
    await this.audit.record(actor.id, planId === null ? 'user.plan.detach' : 'user.plan.attach', id, {
      plan: planId,
      previous: current.plan_id,
    });
    return planId === null ? 'user_plan_detached' : 'user_plan_attached';
  }

  /** Deletes a person with no history; anyone whose actions are on record is archived instead. */
  async remove(actor: AuthUser, id: number): Promise<{ archived: boolean }> {
    if (id === actor.id) throw unprocessable('cannot_change_self');
    const current = await this.repository.findById(id);
    if (!current) throw notFound('user_not_found');
    const photos = await this.repository.photosOf([id]);
    let archived = false;
    try {
      await this.repository.delete(id);
    } catch (error) {
      if (!isReferenceViolation(error)) throw error;
      await this.repository.archive(id);
      archived = true;
    }
    // a real delete took the sessions with it; either way every process must forget them now
    await this.auth.revokeSessions(id);
    if (!archived) await Promise.all(photos.map((p) => this.storage.remove(p.storage_key)));
    await this.audit.record(actor.id, archived ? 'user.archive' : 'user.delete', id, { iin: current.iin, name: current.full_name });
    return { archived };
  }

  async setPassword(actor: AuthUser, userId: number, newPassword: string) {
    if (!(await this.repository.findById(userId))) throw notFound('user_not_found');
    await this.auth.setPassword(actor, userId, newPassword);
  }

  /**
   * Records a stored photo (see FilesService) as the person's, with its face enrolled for the face
   * check; the upload route removes the file when this refuses (a photo the check cannot enrol too).
   */
  async addPhoto(actor: AuthUser, userId: number, file: Upload) {
    if (!(await this.repository.findById(userId))) throw notFound('user_not_found');
    const enrol = await this.faces.faceOf(file.key);
    const photo = await this.repository.insertPhoto({
      user_id: userId,
      storage_key: file.key,
      name: file.name,
      mime: file.mime,
      size: file.size,
    });
    await enrol?.(photo.id, userId);
    await this.audit.record(actor.id, 'user.photo.add', userId, { photo: photo.id });
    return toPhoto(photo);
  }

  async deletePhoto(actor: AuthUser, photoId: number) {
    const photo = await this.repository.findPhoto(photoId);
    if (!photo) throw notFound('photo_not_found');
    await this.repository.deletePhoto(photoId);
    await this.storage.remove(photo.storage_key);
    await this.audit.record(actor.id, 'user.photo.delete', photo.user_id, { photo: photoId });
  }

  /**
   * Runs a write and turns a uniqueness clash into a 409 that names the field, and a plan that does
   * not exist (the plan reference refused) into a 422.
   */
  private async writing<T>(iin: string, write: () => Promise<T>): Promise<T> {
    try {
      return await writeChecked({ users_plan_fk: 'plan_unknown', users_region_id_fkey: 'user_region_invalid' }, write);
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      const key = UNIQUE_KEYS[pgConstraint(error) ?? ''];
      if (!key) throw error;
      if (key === 'iin_taken' && (await this.repository.archivedWithIin(iin))) throw conflict('iin_archived');
      throw new AppError(409, key);
    }
  }
}
