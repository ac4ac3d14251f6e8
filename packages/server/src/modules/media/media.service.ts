import type { MediaUploadForm } from '@oqu/contracts';
import { notFound, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { Upload } from '../files/files.service.js';
import { mayBeVr } from './media.policy.js';
import { toAdminMediaFile, toMediaFile } from './media.presenter.js';
import type { MediaRepository } from './media.repository.js';

export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
  ) {}

  /**
   * Records a file FilesService checked and streamed into storage; the upload route removes the file
   * when this refuses (a VR mark on anything but a video: 422).
   */
  async create(actor: AuthUser, file: Upload, form: MediaUploadForm) {
    if (form.VR && !mayBeVr(file.mime)) throw unprocessable('media_vr_video_only');
    const id = await this.repository.insert({
      name: form.Name,
      vr: form.VR,
      storage_key: file.key,
      size: file.size,
      mime: file.mime,
      file_name: file.name,
      created_by: actor.id,
    });
    await this.audit.record(actor.id, 'media.create', id, { name: form.Name, file: file.key, size: file.size, vr: form.VR });
    return id;
  }

  /** The administrator's list, newest first. */
  list(page: number) {
    return paged(
      page,
      (limit, offset) => this.repository.page({}, limit, offset),
      (rows) => rows.map(toAdminMediaFile),
    );
  }

  /** The trainee's list, newest first; `vrOnly`: the VR videos of /user/vr. */
  learnerList(page: number, vrOnly: boolean) {
    return paged(
      page,
      (limit, offset) => this.repository.page({ vrOnly }, limit, offset),
      (rows) => rows.map(toMediaFile),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('media_not_found');
    return toAdminMediaFile(row);
  }

  /** Renames the file and sets or clears its VR mark (a video's only). */
  async update(actor: AuthUser, id: number, { Name, VR }: { Name: string; VR: boolean }) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('media_not_found');
    if (VR && !mayBeVr(current.mime)) throw unprocessable('media_vr_video_only');
    if (!(await this.repository.update(id, { name: Name, vr: VR }))) throw notFound('media_not_found');
    await this.audit.record(actor.id, 'media.update', id, { name: Name, vr: VR });
  }

  /** Deletes the record, then its stored file. */
  async remove(actor: AuthUser, id: number) {
    const removed = await this.repository.delete(id);
    if (!removed) throw notFound('media_not_found');
    await this.storage.remove(removed.storage_key);
    await this.audit.record(actor.id, 'media.delete', id, { name: removed.name, file: removed.storage_key });
  }
}
