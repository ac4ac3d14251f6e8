import type { Db } from '../../db/database.js';

export class PresenceRepository {
  constructor(private readonly db: Db) {}
}
