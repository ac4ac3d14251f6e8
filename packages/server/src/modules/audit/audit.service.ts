import type { AuditRepository } from './audit.repository.js';

/** Administrative and examiner actions, kept for good: who did what to whom, and when. */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  record(actorId: number, action: string, targetId: number | null = null, details: object = {}) {
    return this.repository.insert({ actorId, action, targetId, details });
  }
}
