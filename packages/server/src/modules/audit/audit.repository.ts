import type { Db, Executor } from '../../db/database.js';

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(entry: { actorId: number; action: string; targetId: number | null; details: object }, executor: Executor = this.db) {
    await executor
      .insertInto('audit_log')
      .values({ actor_id: entry.actorId, action: entry.action, target_id: entry.targetId, details: JSON.stringify(entry.details) })
      .execute();
  }
}
