import type { CreatePlanRequest, UpdatePlanRequest } from '@oqu/contracts';
import { writeChecked } from '../../db/database.js';
import { notFound, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import { paged, pagedOrCapped } from '../../lib/paging.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CatalogueCleanupService } from '../catalogue-cleanup/catalogue-cleanup.service.js';
import { toPlan, toPlansWithTopics } from './plans.presenter.js';
import type { PlansRepository } from './plans.repository.js';

/** The reference a refused foreign key names, as the message the caller gets. */
const FOREIGN_KEYS: Record<string, MessageKey> = {
  plans_certificate_id_fkey: 'plan_certificate_unknown',
  plans_edu_type_id_fkey: 'edu_type_unknown',
};

export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly audit: AuditService,
    private readonly cleanup: CatalogueCleanupService,
  ) {}

  list(query: { page: number; search?: string }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      (rows) => rows.map(toPlan),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('plan_not_found');
    return toPlan(row);
  }

  /** GET /api/getplanandtopics: plans by name with their topics; paged when `page` is given, else capped. */
  withTopics(page?: number) {
    return pagedOrCapped(
      page,
      (limit, offset) => this.repository.pickerPage(limit, offset),
      async (plans) => toPlansWithTopics(plans, await this.repository.topicsOf(plans.map((plan) => plan.id))),
    );
  }

  async create(actor: AuthUser, body: CreatePlanRequest) {
    await this.checkReferences(body);
    const id = await writeChecked(FOREIGN_KEYS, () =>
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
    await writeChecked(FOREIGN_KEYS, () =>
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
   * Deletes a plan whose tests have no results (409 otherwise), with its topics, tests and questions;
   * its people are left without a plan. Answers how many people were detached.
   */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('plan_not_found');
    const detached = await this.cleanup.deleteUnlessResults({ by: 'plan_id', id }, 'plan_has_results', (trx) =>
      this.repository.delete(trx, id),
    );
    await this.audit.record(actor.id, 'plan.delete', id, { name: current.name, detached });
    return { detached };
  }

  private async checkReferences(body: { CertificateID?: number | null; Types?: number | null }) {
    if (body.CertificateID != null && !(await this.repository.certificateExists(body.CertificateID))) {
      throw unprocessable('plan_certificate_unknown');
    }
    if (body.Types != null && !(await this.repository.isEduType(body.Types))) throw unprocessable('edu_type_unknown');
  }
}
