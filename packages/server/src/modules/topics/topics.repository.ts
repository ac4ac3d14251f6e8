import type { Db } from '../../db/database.js';

export class TopicsRepository {
  constructor(private readonly db: Db) {}
}
