import type { Db } from '../../db/database.js';

export class LearnerPlanRepository {
  constructor(private readonly db: Db) {}
}
