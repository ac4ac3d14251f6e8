import type { Db } from '../../db/database.js';

export class ProblemsRepository {
  constructor(private readonly db: Db) {}
}
