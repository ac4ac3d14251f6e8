import type { Db } from '../../db/database.js';

export class PlansRepository {
  constructor(private readonly db: Db) {}
}
