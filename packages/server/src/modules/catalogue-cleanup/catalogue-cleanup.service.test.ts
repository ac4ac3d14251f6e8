import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';
import type { CatalogueCleanupRepository } from './catalogue-cleanup.repository.js';
import { CatalogueCleanupService } from './catalogue-cleanup.service.js';

/** A repository whose delete answers `outcome` (or throws it), and a storage that records removals. */
function cleanupWith(outcome: unknown, { results = 0, unused = [] as string[] } = {}) {
  const removed: string[] = [];
  const repository = {
    deleteUnlessResults: async () => {
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    resultCount: async () => results,
    unusedImages: async (keys: string[]) => keys.filter((key) => unused.includes(key)),
  } as unknown as CatalogueCleanupRepository;
  const storage = { remove: async (key: string) => void removed.push(key) } as unknown as Storage;
  return { service: new CatalogueCleanupService(repository, storage), removed };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, key, params } = error as AppError;
  return { statusCode, key, params };
};

describe('CatalogueCleanupService.deleteUnlessResults', () => {
  const scope = { by: 'topic_id', id: 7 } as const;

  it('answers the delete’s value and removes only the images nothing shows any more', async () => {
    const { service, removed } = cleanupWith(
      { deleted: true, value: 3, imageKeys: ['questions/a.png', 'questions/b.png'] },
      { unused: ['questions/b.png'] },
    );
    expect(await service.deleteUnlessResults(scope, 'topic_has_results', async () => 3)).toBe(3);
    expect(removed).toEqual(['questions/b.png']);
  });

  it('refuses with 409 and the count when results exist, removing nothing', async () => {
    const { service, removed } = cleanupWith({ deleted: false, results: 4 });
    expect(await refusal(service.deleteUnlessResults(scope, 'topic_has_results', async () => 0))).toEqual({
      statusCode: 409,
      key: 'topic_has_results',
      params: { count: 4 },
    });
    expect(removed).toEqual([]);
  });

  it('turns a result recorded meanwhile (the database refused the delete) into the same 409', async () => {
    const restrict = Object.assign(new Error('update or delete violates RESTRICT'), { code: '23001' });
    const { service } = cleanupWith(restrict, { results: 1 });
    expect(await refusal(service.deleteUnlessResults(scope, 'test_has_attempts', async () => 0))).toEqual({
      statusCode: 409,
      key: 'test_has_attempts',
      params: { count: 1 },
    });
  });

  it('lets any other failure through', async () => {
    const { service } = cleanupWith(Object.assign(new Error('connection lost'), { code: '08006' }));
    await expect(service.deleteUnlessResults(scope, 'plan_has_results', async () => 0)).rejects.toThrow('connection lost');
  });
});
