import type { Db } from '../../db/database.js';

export class QuestionsRepository {
  constructor(private readonly db: Db) {}
}
