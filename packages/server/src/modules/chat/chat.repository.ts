import type { Db } from '../../db/database.js';

export class ChatRepository {
  constructor(private readonly db: Db) {}
}
