import { type Kysely, sql } from 'kysely';

/**
 * What each stored signature was verified against (issue "Sign with NCALayer"), so that the card can
 * be re-verified offline later:
 * - `key_family`: 'RSA' or 'GOST';
 * - `issuer`: the issuing authority's common name, for the signatures list;
 * - `chain`: the certificates from the signer's up to the trust anchor, DER in base64;
 * - `revocation`: the evidence used: the CRL (issuer, number, thisUpdate, its SHA-256), the OCSP
 *   response (base64) or NCANode's answer; `{method: 'unknown'}` when the setting allowed none;
 * - `verified_at`: when the server verified all of it.
 * Signatures stored before this kept none of it: they read as RSA with an empty chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_signatures
    add column key_family text not null default 'RSA' check (key_family in ('RSA', 'GOST')),
    add column issuer text not null default '',
    add column chain jsonb not null default '[]'::jsonb,
    add column revocation jsonb not null default '{"method":"unknown"}'::jsonb,
    add column verified_at timestamptz`.execute(db);
  await sql`update exam_signatures set verified_at = signed_at`.execute(db);
  await sql`alter table exam_signatures alter column verified_at set not null, alter column verified_at set default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_signatures
    drop column key_family, drop column issuer, drop column chain, drop column revocation, drop column verified_at`.execute(db);
}
