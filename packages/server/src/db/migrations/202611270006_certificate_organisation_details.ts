import { type Kysely, sql } from 'kysely';

/**
 * `issued_certificates.organisation_details`: the organisation's details (ORG_DETAILS: address, BIN)
 * a certificate prints under its name, copied at issue like the name. Certificates issued before
 * have none (null): they printed no details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table issued_certificates add column organisation_details text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table issued_certificates drop column organisation_details`.execute(db);
}
