import type { Db } from '../../db/database.js';

export class AttemptsRepository {
  constructor(private readonly db: Db) {}
}
