import { endpoint, id, Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { filesAccess } from './files.policy.js';
import { DOCUMENT_UPLOAD } from './files.service.js';
import { judgeUpload, type UploadTarget, UploadTargets } from './upload-targets.js';

const target = (name: string, form: z.ZodObject | undefined, names?: UploadTarget['names']): UploadTarget => ({
  name,
  endpoint: endpoint({ method: 'POST', path: '/upload', form, response: z.object({}) }),
  names,
  badForm: 'upload_target_invalid',
  rules: DOCUMENT_UPLOAD,
  folder: 'webinars',
  roles: name === 'answer' ? [Role.Trainee] : [Role.Admin],
  store: async () => ({}),
});

const preview = target(
  'preview',
  z.object({ WebID: id, Types: z.literal('preview') }),
  (f) => f.WebID !== undefined && f.Types === 'preview',
);
const document = target('document', z.object({ WebID: id }), (f) => f.WebID !== undefined);
const answer = target('answer', z.object({ AnswerID: id }), (f) => f.AnswerID !== undefined);
const template = target('template', undefined);
const targets = [preview, document, answer, template];

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, key: error.key, params: error.params } : error;
  }
  return null;
};

describe('upload targets', () => {
  it('gives an upload to the first target its fields name, else to the one named by none', () => {
    expect(judgeUpload(targets, { WebID: '7', Types: 'preview' }, Role.Admin)).toEqual({
      target: preview,
      form: { WebID: 7, Types: 'preview' },
    });
    expect(judgeUpload(targets, { WebID: '7', Types: 'other' }, Role.Admin)).toEqual({ target: document, form: { WebID: 7 } });
    expect(judgeUpload(targets, { WebID: '7', AnswerID: '8' }, Role.Admin).target).toBe(document);
    expect(judgeUpload(targets, { AnswerID: '8' }, Role.Trainee)).toEqual({ target: answer, form: { AnswerID: 8 } });
    expect(judgeUpload(targets, { Other: 'x' }, Role.Admin)).toEqual({ target: template, form: undefined });
  });

  it('refuses fields that do not parse with 400 naming the field, before the caller’s role', () => {
    expect(refusal(() => judgeUpload(targets, { AnswerID: 'abc' }, Role.Admin))).toEqual({
      status: 400,
      key: 'upload_target_invalid',
      params: { field: 'AnswerID' },
    });
    expect(refusal(() => judgeUpload(targets, { AnswerID: '8' }, Role.Admin))).toMatchObject({ status: 403 });
    expect(refusal(() => judgeUpload(targets, {}, Role.Trainee))).toMatchObject({ status: 403 });
  });

  it('takes targets until the routes are built, and one target named by no fields per path', () => {
    const uploads = new UploadTargets();
    uploads.register(document);
    uploads.register(template);
    expect(() => uploads.register(target('second template', undefined))).toThrow('two targets');
    expect(uploads.on('/upload')).toEqual([document, template]);
    expect(uploads.on('/elsewhere')).toEqual([]);
    expect(() => uploads.register(answer)).toThrow('before the files routes');
  });

  it('admits to a path judged after the file only the roles of its targets', () => {
    expect(filesAccess.uploadersOf(targets).access.roles).toEqual([Role.Admin, Role.Trainee]);
    expect(filesAccess.stored.access).toEqual({ public: true });
  });
});

describe('served folders', () => {
  it('serves every target’s folder and the folders a module registers, and takes none once built', () => {
    const uploads = new UploadTargets();
    uploads.register(document);
    uploads.serveFolder('media');
    expect([...uploads.servedFolders()].sort()).toEqual(['media', 'webinars']);
    expect(() => uploads.serveFolder('later')).toThrow(/before the files routes/);
  });

  it('refuses what is not one folder name', () => {
    const uploads = new UploadTargets();
    for (const folder of ['', '../x', 'a/b', 'Media', 'x y'])
      expect(() => uploads.serveFolder(folder), folder).toThrow(/not a storage folder/);
  });
});
