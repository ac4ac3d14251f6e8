import { type Executor, isReferenceViolation, pgConstraint } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';
import type { CatalogueCleanupRepository, TestsScope } from './catalogue-cleanup.repository.js';

/** The reference from a SCORM package to its topic (migration 202611290001_scorm). */
const SCORM_PACKAGE_TOPIC = 'scorm_packages_topic_id_fkey';

/**
 * What deleting a plan, a topic or a test has in common: results are never lost, and the question
 * images the deleted questions showed leave storage once no question shows them.
 */
export class CatalogueCleanupService {
  constructor(
    private readonly repository: CatalogueCleanupRepository,
    private readonly storage: Storage,
  ) {}

  /**
   * Runs `deleteRows` unless a test in `scope` has results, which answers 409 `refusal` with their
   * `count`; then removes the images nothing shows any more. Answers what `deleteRows` answered.
   */
  async deleteUnlessResults<T>(scope: TestsScope, refusal: MessageKey, deleteRows: (trx: Executor) => Promise<T>): Promise<T> {
    const outcome = await this.repository.deleteUnlessResults(scope, deleteRows).catch(async (error: unknown) => {
      if (!isReferenceViolation(error)) throw error;
      // a topic keeps its SCORM packages, archived ones too (their trainees' data): they go or move first
      if (pgConstraint(error) === SCORM_PACKAGE_TOPIC) throw conflict('catalogue_has_scorm_packages');
      // a result was recorded meanwhile: the database's RESTRICT references kept it, and the rows
      throw conflict(refusal, { count: await this.repository.resultCount(scope) });
    });
    if (!outcome.deleted) throw conflict(refusal, { count: outcome.results });
    await this.removeUnusedImages(outcome.imageKeys);
    return outcome.value;
  }

  /** Removes from storage the question images among `keys` that no question row (archived ones included) shows. */
  async removeUnusedImages(keys: string[]) {
    const unused = await this.repository.unusedImages(keys);
    await Promise.all(unused.map((key) => this.storage.remove(key)));
  }
}
