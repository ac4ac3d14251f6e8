import { type CreatePlanRequest, PAGE_SIZE, type UpdatePlanRequest } from '@oqu/contracts';
import { PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION, pgConstraint, pgErrorCode } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import { toPlan, toPlansWithTopics } from './plans.presenter.js';
import type { PlansRepository } from './plans.repository.js';

/** The reference a refused foreign key names, as the message the caller gets. */
const FOREIGN_KEYS: Record<string, MessageKey> = {
  plans_certificate_id_fkey: 'plan_certificate_unknown',
  plans_edu_type_id_fkey: 'plan_edu_type_unknown',
};

export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly audit: AuditService,
    /** Where question images live: a deleted plan's images go with it. */
    private readonly storage?: Storage,
  ) {}

  async list(query: { page: number; search?: string }) {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await this.repository.page(query, PAGE_SIZE, offset);
    return { data: rows.map(toPlan), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('plan_not_found');
    return toPlan(row);
  }

  async withTopics() {
    const { plans, topics } = await this.repository.allWithTopics();
    return toPlansWithTopics(plans, topics);
  }

  async create(actor: AuthUser, body: CreatePlanRequest) {
    await this.checkReferences(body);
    const id = await this.writing(() =>
      this.repository.insert({
        name: body.Name,
        description: body.Description,
        duties: body.Duty,
        certificate_id: body.CertificateID ?? null,
        edu_type_id: body.Types ?? null,
      }),
    );
    await this.audit.record(actor.id, 'plan.create', id, { name: body.Name });
    return id;
  }

  /** Changes the fields the body carries; the others keep their value. */
  async update(actor: AuthUser, id: number, body: UpdatePlanRequest) {
    if (!(await this.repository.findById(id))) throw notFound('plan_not_found');
    await this.checkReferences(body);
    await this.writing(() =>
      this.repository.update(id, {
        name: body.Name,
        description: body.Description,
        duties: body.Duty,
        certificate_id: body.CertificateID,
        edu_type_id: body.Types,
      }),
    );
    await this.audit.record(actor.id, 'plan.update', id, {
      fields: Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined),
    });
  }

  /**
   * Deletes a plan whose tests have no results, with its topics, tests and questions; its people
   * are left without a plan. Answers how many people were detached.
   */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('plan_not_found');
    let outcome: Awaited<ReturnType<PlansRepository['deleteWithCatalogue']>>;
    try {
      outcome = await this.repository.deleteWithCatalogue(id);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code !== PG_RESTRICT_VIOLATION && code !== PG_FOREIGN_KEY_VIOLATION) throw error;
      // a result was recorded meanwhile: the database kept it, and the plan
      throw conflict('plan_has_results', { count: await this.repository.resultCount(id) });
    }
    if (!outcome.deleted) throw conflict('plan_has_results', { count: outcome.results });
    if (this.storage) {
      const storage = this.storage;
      await Promise.all(outcome.unusedImages.map((key) => storage.remove(key)));
    }
    await this.audit.record(actor.id, 'plan.delete', id, { name: current.name, detached: outcome.detached });
    return { detached: outcome.detached };
  }

  private async checkReferences(body: { CertificateID?: number | null; Types?: number | null }) {
    if (body.CertificateID != null && !(await this.repository.certificateExists(body.CertificateID))) {
      throw unprocessable('plan_certificate_unknown');
    }
    if (body.Types != null && !(await this.repository.isEduType(body.Types))) throw unprocessable('plan_edu_type_unknown');
  }

  /** Runs a write; a reference that vanished meanwhile becomes the same 422 as a wrong one. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const key = pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION ? FOREIGN_KEYS[pgConstraint(error) ?? ''] : undefined;
      if (key) throw unprocessable(key);
      throw error;
    }
  }
}
