import type { TopicRequest, UpdateTopicRequest } from '@oqu/contracts';
import { writeChecked } from '../../db/database.js';
import { notFound, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import { paged } from '../../lib/paging.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CatalogueCleanupService } from '../catalogue-cleanup/catalogue-cleanup.service.js';
import { toTopic } from './topics.presenter.js';
import type { TopicFilter, TopicsRepository } from './topics.repository.js';

/** The reference a refused foreign key names, as the message the caller gets. */
const FOREIGN_KEYS: Record<string, MessageKey> = {
  topics_plan_id_fkey: 'plan_unknown',
  topics_type_id_fkey: 'topic_type_unknown',
  topics_edu_type_id_fkey: 'edu_type_unknown',
};

/** The columns a topic request writes. */
function columnsOf(body: TopicRequest | UpdateTopicRequest) {
  return {
    plan_id: body.PlanID,
    name: body.Name,
    position: body.Position,
    id_number: body.IDNumber,
    description: body.Description,
    thematic: body.Thematic,
    lesson_plan: body.TextOne,
    outline: body.TextTwo,
    equipment: body.TextThree,
    teaching_aids: body.TextFour,
    total_hours: body.TotalHour,
    type_id: body.TypeID,
    edu_type_id: body.EduType,
    scheduled_at: body.Date,
  };
}

export class TopicsService {
  constructor(
    private readonly repository: TopicsRepository,
    private readonly audit: AuditService,
    private readonly cleanup: CatalogueCleanupService,
  ) {}

  list(query: TopicFilter & { page: number }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      (rows) => rows.map(toTopic),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('topic_not_found');
    return toTopic(row);
  }

  async create(actor: AuthUser, body: TopicRequest) {
    await this.checkReferences(body);
    const id = await writeChecked(FOREIGN_KEYS, () => this.repository.insert({ ...columnsOf(body), scheduled_at: body.Date ?? null }));
    await this.audit.record(actor.id, 'topic.create', id, { plan: body.PlanID, name: body.Name });
    return id;
  }

  /** Saves the topic; moved to another plan, it takes its tests along. */
  async update(actor: AuthUser, id: number, body: UpdateTopicRequest) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('topic_not_found');
    await this.checkReferences(body);
    await writeChecked(FOREIGN_KEYS, () => this.repository.update(id, columnsOf(body)));
    const moved = body.PlanID !== current.plan_id;
    await this.audit.record(actor.id, 'topic.update', id, moved ? { from: current.plan_id, plan: body.PlanID } : {});
  }

  /** Deletes a topic whose tests have no results (409 otherwise), with its tests and questions. */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('topic_not_found');
    await this.cleanup.deleteUnlessResults({ by: 'topic_id', id }, 'topic_has_results', (trx) => this.repository.delete(trx, id));
    await this.audit.record(actor.id, 'topic.delete', id, { plan: current.plan_id, name: current.name });
  }

  /** The plan must exist, TypeID must be a topic type and EduType an education type. */
  private async checkReferences(body: { PlanID: number; TypeID: number; EduType: number }) {
    if (!(await this.repository.planExists(body.PlanID))) throw unprocessable('plan_unknown');
    const kinds = await this.repository.dictionaryKinds([body.TypeID, body.EduType]);
    if (kinds.get(body.TypeID) !== 'topic_type') throw unprocessable('topic_type_unknown');
    if (kinds.get(body.EduType) !== 'edu_type') throw unprocessable('edu_type_unknown');
  }
}
