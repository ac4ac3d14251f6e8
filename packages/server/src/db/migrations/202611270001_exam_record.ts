import { type Kysely, sql } from 'kysely';

/**
 * The exam record holds (issue «The exam record holds»):
 * - `exam_examiners.chair`: the commission's chair, one per exam (existing exams: the first examiner);
 * - `exam_records`: a completed exam's frozen protocol: when it was frozen, the moment its results are
 *   as of (`completed_at`: the examiner's completion, else BeginTime + Duration), the pass mark and the
 *   plan's test count then;
 * - `exam_participants`: who took part at that moment (the region's live trainees of the plan), as they
 *   were named then, with their result (`passed` of `total`) as of `completed_at`. `verdict` is written
 *   when the one document every examiner signs is fixed (the first signature), from all the votes;
 * - `exam_documents`: that document: the exact PDF bytes (in storage) and their SHA-256, fixed by the
 *   first signature; every examiner's signature covers these bytes;
 * - `issued_certificates`: what a certificate prints is copied at issue (the exam, its day, the chair,
 *   the organisation, the validity), so the PDF drawn later prints what was true when it was issued.
 * Existing completed exams get a record from what is stored: see `up`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_examiners add column chair boolean not null default false`.execute(db);
  await sql`update exam_examiners set chair = true where position = 0`.execute(db);
  await sql`create unique index exam_examiners_one_chair on exam_examiners (exam_id) where chair`.execute(db);

  await sql`create table exam_records (
    exam_id integer primary key references exams (id) on delete restrict,
    completed_at timestamptz not null,
    pass_marks integer not null check (pass_marks >= 0),
    test_count integer not null check (test_count >= 0),
    frozen_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table exam_participants (
    exam_id integer not null references exam_records (exam_id) on delete restrict,
    user_id integer not null references users (id) on delete restrict,
    region_id integer references users (id) on delete restrict,
    full_name text not null,
    department text not null,
    duty text not null,
    iin text not null,
    tabel text,
    passed integer not null check (passed >= 0),
    total integer not null check (total >= 0),
    verdict text check (verdict in ('accepted', 'rejected')),
    primary key (exam_id, user_id)
  )`.execute(db);
  await sql`create index exam_participants_user on exam_participants (user_id, exam_id)`.execute(db);

  await sql`create table exam_documents (
    exam_id integer primary key references exams (id) on delete restrict,
    pdf_key text not null,
    pdf_sha256 text not null,
    fixed_at timestamptz not null default now()
  )`.execute(db);

  await sql`alter table issued_certificates
    add column exam_name text,
    add column exam_date date,
    add column chair_name text,
    add column organisation text,
    add column valid_until date`.execute(db);

  // Existing completed exams: the participants are those the exam takes now plus anyone with a vote
  // (people moved out of the plan since cannot be told apart from those never in it); their results
  // count attempts finished by the completion moment. Names are today's.
  await sql`insert into exam_records (exam_id, completed_at, pass_marks, test_count, frozen_at)
    select e.id, coalesce(e.ended_at, e.begin_time + make_interval(mins => e.duration_minutes)), e.pass_marks,
      (select count(*)::int from tests t where t.plan_id = e.plan_id), now()
    from exams e
    where e.ended_at is not null or now() >= e.begin_time + make_interval(mins => e.duration_minutes)`.execute(db);
  await sql`insert into exam_participants (exam_id, user_id, region_id, full_name, department, duty, iin, tabel, passed, total)
    select r.exam_id, u.id, u.region_id, u.full_name, u.department, u.duty, u.iin, u.tabel,
      (select count(*)::int from tests t where t.plan_id = e.plan_id and exists (
        select 1 from attempts a where a.test_id = t.id and a.user_id = u.id and a.passed and a.finished_at <= r.completed_at)),
      r.test_count
    from exam_records r
    join exams e on e.id = r.exam_id
    join users u on (
      (u.role_id = 3 and u.archived_at is null and u.plan_id = e.plan_id
        and (not exists (select 1 from exam_regions xr where xr.exam_id = e.id)
          or u.region_id in (select xr.region_id from exam_regions xr where xr.exam_id = e.id)))
      or exists (select 1 from exam_votes v where v.exam_id = e.id and v.user_id = u.id))`.execute(db);
  // An exam already signed keeps the PDF its first signature covers as its one document.
  await sql`insert into exam_documents (exam_id, pdf_key, pdf_sha256, fixed_at)
    select distinct on (s.exam_id) s.exam_id, s.pdf_key, s.pdf_sha256, s.signed_at
    from exam_signatures s order by s.exam_id, s.signed_at, s.id`.execute(db);
  await sql`update issued_certificates c set exam_name = e.name, exam_date = (e.begin_time at time zone 'Asia/Almaty')::date
    from exams e where e.id = c.exam_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table issued_certificates
    drop column exam_name, drop column exam_date, drop column chair_name, drop column organisation, drop column valid_until`.execute(db);
  await sql`drop table exam_documents`.execute(db);
  await sql`drop table exam_participants`.execute(db);
  await sql`drop table exam_records`.execute(db);
  await sql`drop index exam_examiners_one_chair`.execute(db);
  await sql`alter table exam_examiners drop column chair`.execute(db);
}
