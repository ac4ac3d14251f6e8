import type { Db } from '../../db/database.js';

export class TestsRepository {
  constructor(private readonly db: Db) {}
}
