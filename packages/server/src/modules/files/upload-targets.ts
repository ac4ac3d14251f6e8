import type { Endpoint, EndpointForm, EndpointReply, RoleId } from '@oqu/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Upload, UploadRules } from './files.service.js';

/**
 * Something a module keeps files for, uploaded through one of the spec's shared paths
 * (`UPLOAD_PATHS`). The module that keeps it registers it (`UploadTargets.register`) from
 * its routes; the files module reads the upload, picks the target, stores the checked file in the
 * target's folder and hands it the stored file.
 */
export interface UploadTarget<E extends Endpoint = Endpoint> {
  /** for the API docs: what is uploaded here, by whom, and what it answers */
  name: string;
  /** its definition in the contracts: the shared path, the form fields naming its record, the answer */
  endpoint: E;
  /**
   * Whether the fields name this target; the first registered target of a path whose fields these
   * are takes the upload. The one target of a path without it takes what no other is named by.
   */
  names?: (fields: Record<string, string>) => boolean;
  /** the refusal (400, told the `field`) of form fields that name it but do not parse */
  badForm: MessageKey;
  /** the types its content may have, its size cap and the messages of each refusal */
  rules: UploadRules;
  /** the storage folder its files are kept in (`photos`: the key's first segment) */
  folder: string;
  /**
   * Whether `/files/<key>` serves its files to anyone with the key (default true). False for files
   * that only their own routes hand out (a SCORM package's zip and content).
   */
  servedAsFiles?: boolean;
  /** who may upload here; the owning service checks the record's owner once the file is in */
  roles: readonly RoleId[];
  /**
   * records the checked and stored file for the record the form names; the route answers what it
   * returns, and removes the file when it throws (a refused record, a failed write)
   */
  store: (request: FastifyRequest, file: Upload, form: EndpointForm<E>) => Promise<EndpointReply<E>>;
}

/**
 * The target the fields name and its parsed form fields: 400 when those do not parse, then 403 when
 * the caller may not upload there.
 */
export function judgeUpload(targets: readonly UploadTarget[], fields: Record<string, string>, roleId: RoleId) {
  const target = targets.find((candidate) => candidate.names?.(fields)) ?? targets.find((candidate) => !candidate.names);
  if (!target) throw new Error(`no upload target takes ${Object.keys(fields).join(', ') || 'a file alone'}`);
  let form: unknown;
  if (target.endpoint.form) {
    const parsed = target.endpoint.form.safeParse(fields);
    if (!parsed.success) throw badRequest(target.badForm, { field: String(parsed.error.issues[0]?.path[0]) });
    form = parsed.data;
  }
  if (!target.roles.includes(roleId)) throw forbidden();
  return { target, form };
}

/** The upload targets of one app, registered by the modules that keep them before the upload routes are built. */
export class UploadTargets {
  private readonly targets: UploadTarget[] = [];
  private readonly folders = new Set<string>();
  private built = false;

  register<E extends Endpoint>(target: UploadTarget<E>) {
    if (this.built) throw new Error(`${target.name}: upload targets are registered before the files routes`);
    const path = target.endpoint.path;
    if (!target.names && this.targets.some((other) => other.endpoint.path === path && !other.names)) {
      throw new Error(`${path} has two targets that take what no other is named by`);
    }
    this.targets.push(target as unknown as UploadTarget);
  }

  /**
   * A storage folder whose files `/files/*` serves besides the targets' own: what a module stores
   * through an upload route of its own (the media library), public by its unguessable names as theirs are.
   */
  serveFolder(folder: string) {
    if (this.built) throw new Error(`${folder}: served folders are registered before the files routes`);
    if (!/^[a-z][a-z0-9-]*$/.test(folder)) throw new Error(`${folder}: not a storage folder`);
    this.folders.add(folder);
  }

  /**
   * The folders `/files/*` serves: every target's, except those whose files only their own routes hand
   * out (SCORM packages), and those registered by `serveFolder`.
   */
  servedFolders(): Set<string> {
    this.built = true;
    const served = this.targets.filter((target) => target.servedAsFiles !== false);
    return new Set([...served.map((target) => target.folder), ...this.folders]);
  }

  /** The targets of one path, in the order they were registered; after this, no more may be registered. */
  on(path: string): UploadTarget[] {
    this.built = true;
    return this.targets.filter((target) => target.endpoint.path === path);
  }
}
