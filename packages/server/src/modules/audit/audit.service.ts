import type { Executor } from '../../db/database.js';
import type { AuditRepository } from './audit.repository.js';

/** Administrative and examiner actions, kept for good: who did what to whom, and when. */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /**
   * Records an action. `executor`: the transaction that makes the change, so the entry and the change
   * are stored together or not at all.
   */
  record(actorId: number, action: string, targetId: number | null = null, details: object = {}, executor?: Executor) {
    return this.repository.insert({ actorId, action, targetId, details }, executor);
  }
}
