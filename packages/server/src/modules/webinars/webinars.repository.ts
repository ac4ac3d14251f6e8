import type { Db } from '../../db/database.js';

/** SQL of webinars, their documents and tests, and the read side of attendance (online, minutes, unread threads). */
export class WebinarsRepository {
  constructor(private readonly db: Db) {}
}
