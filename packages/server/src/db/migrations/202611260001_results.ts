import { type Kysely, sql } from 'kysely';

/**
 * Results (issue «Results»):
 * - `certificates.layout`: where issued certificates print each field over a PDF or image template
 *   (null: the default layout);
 * - `issued_certificates`: one per trainee accepted in a fully signed exam. `number` is
 *   ORG-YYYY-000123, unique; `code` the public verification code (128 random bits, base32). The
 *   holder, plan and exam type are copied as they stood at issue, so a later rename or an archived
 *   account does not change a certificate already shown to others. Revoking keeps the row.
 * - `certificate_numbers`: the last number given per year, taken by one atomic upsert, so two
 *   exams signed at the same moment never share a number;
 * - `report_files`: the xlsx reports made on request, public by their unguessable token for a day,
 *   then deleted with their file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table certificates add column layout jsonb`.execute(db);

  await sql`create table issued_certificates (
    id serial primary key,
    number text not null unique,
    code text not null unique,
    user_id integer not null references users (id) on delete restrict,
    exam_id integer not null references exams (id) on delete restrict,
    plan_id integer references plans (id) on delete set null,
    template_id integer references certificates (id) on delete set null,
    holder_name text not null,
    holder_iin text not null,
    plan_name text not null,
    exam_type text not null,
    issued_on date not null,
    pdf_key text not null,
    docx_key text,
    revoked_at timestamptz,
    revoked_by integer references users (id) on delete restrict,
    revoke_reason text,
    created_at timestamptz not null default now(),
    unique (exam_id, user_id)
  )`.execute(db);
  await sql`create index issued_certificates_user on issued_certificates (user_id)`.execute(db);

  await sql`create table certificate_numbers (
    year integer primary key,
    last integer not null
  )`.execute(db);

  await sql`create table report_files (
    token text primary key,
    kind text not null check (kind in ('admin', 'teacher')),
    storage_key text not null,
    created_by integer not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index report_files_expiry on report_files (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_files`.execute(db);
  await sql`drop table certificate_numbers`.execute(db);
  await sql`drop table issued_certificates`.execute(db);
  await sql`alter table certificates drop column layout`.execute(db);
}
