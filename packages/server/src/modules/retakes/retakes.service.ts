import type { JournalEntry, Language, Retake, RetakeRequest } from '@oqu/contracts';
import { isReferenceViolation, writeChecked } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { takesRetakes } from './retakes.policy.js';
import { toJournalEntry, toRetake, toRetakeUser } from './retakes.presenter.js';
import type { RetakesFilter, RetakesRepository } from './retakes.repository.js';

/** A test or person deleted between the check and the write still answers 422, not 500. */
const VANISHED = { retakes_test_id_fkey: 'retake_test_not_found', retakes_user_id_fkey: 'retake_user_not_found' } as const;

export class RetakesService {
  constructor(
    private readonly repository: RetakesRepository,
    private readonly audit: AuditService,
  ) {}

  list(query: RetakesFilter & { page: number }, language: Language) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      (rows) => rows.map((row) => toRetake(row, language)),
    );
  }

  async get(id: number, language: Language) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('retake_not_found');
    return toRetake(row, language);
  }

  /** The person with this personnel number and the tests of their plan, for the retake form. */
  async lookUp(tabel: string) {
    const person = await this.repository.findPerson({ tabel });
    if (!person) throw notFound('retake_tabel_not_found');
    return toRetakeUser(person, person.plan_id === null ? [] : await this.repository.planTests(person.plan_id));
  }

  async create(actor: AuthUser, body: RetakeRequest) {
    await this.check(body);
    const availableFrom = new Date(body.Date);
    const id = await writeChecked(VANISHED, () =>
      this.repository.lockingPerson(body.UserID, async (trx) => {
        if (await this.repository.hasPending(trx, body.UserID, body.TestID)) throw conflict('retake_pending_exists');
        return this.repository.insert(trx, {
          user_id: body.UserID,
          test_id: body.TestID,
          available_from: availableFrom,
          created_by: actor.id,
        });
      }),
    );
    await this.audit.record(actor.id, 'retake.create', id, { user: body.UserID, test: body.TestID, date: availableFrom.toISOString() });
    return id;
  }

  /** Moves a retake that has not been used to another date, test or person. */
  async update(actor: AuthUser, id: number, body: RetakeRequest) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('retake_not_found');
    if (current.used) throw conflict('retake_used');
    await this.check(body);
    const availableFrom = new Date(body.Date);
    await writeChecked(VANISHED, () =>
      this.repository.lockingPerson(body.UserID, async (trx) => {
        if (await this.repository.hasPending(trx, body.UserID, body.TestID, id)) throw conflict('retake_pending_exists');
        await this.repository.update(trx, id, { user_id: body.UserID, test_id: body.TestID, available_from: availableFrom });
      }),
    );
    await this.audit.record(actor.id, 'retake.update', id, {
      user: body.UserID,
      test: body.TestID,
      date: availableFrom.toISOString(),
      previous: { user: current.user_id, test: current.test_id, date: new Date(current.available_from).toISOString() },
    });
  }

  /** Cancels a retake; one an attempt was made on is on record for good (409). */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('retake_not_found');
    if (current.used) throw conflict('retake_used');
    try {
      await this.repository.delete(id);
    } catch (error) {
      // an attempt took it between the check and the delete
      if (isReferenceViolation(error)) throw conflict('retake_used');
      throw error;
    }
    await this.audit.record(actor.id, 'retake.delete', id, {
      user: current.user_id,
      test: current.test_id,
      date: new Date(current.available_from).toISOString(),
    });
  }

  /** The person's retakes, used or not, newest first (the users screen's details). */
  async ofUser(userId: number, language: Language): Promise<Retake[]> {
    return (await this.repository.ofUser(userId)).map((row) => toRetake(row, language));
  }

  /** The person's gradebook journal: one entry per test of their plan (none without a plan). */
  async journal(userId: number, planId: number | null, language: Language): Promise<JournalEntry[]> {
    if (planId === null) return [];
    return (await this.repository.journal(userId, planId)).map((row) => toJournalEntry(row, language));
  }

  /** A retake is for a live trainee and a test of their plan. */
  private async check(body: RetakeRequest) {
    const [person, test] = await Promise.all([this.repository.findPerson({ id: body.UserID }), this.repository.findTest(body.TestID)]);
    if (!person) throw unprocessable('retake_user_not_found');
    if (!takesRetakes(person)) throw unprocessable('retake_not_trainee');
    if (!test) throw unprocessable('retake_test_not_found');
    if (person.plan_id !== test.plan_id) throw unprocessable('retake_test_not_in_plan');
  }
}
