import type { Db } from '../../db/database.js';

export class CertificatesRepository {
  constructor(private readonly db: Db) {}
}
