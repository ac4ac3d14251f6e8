import { PAGE_SIZE, type TopicRequest, type UpdateTopicRequest } from '@oqu/contracts';
import { PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION, pgConstraint, pgErrorCode } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import { toTopic } from './topics.presenter.js';
import type { TopicFilter, TopicsRepository } from './topics.repository.js';

/** The reference a refused foreign key names, as the message the caller gets. */
const FOREIGN_KEYS: Record<string, MessageKey> = {
  topics_plan_id_fkey: 'topic_plan_unknown',
  topics_type_id_fkey: 'topic_type_unknown',
  topics_edu_type_id_fkey: 'topic_edu_type_unknown',
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
    /** Where question images live: a deleted topic's images go with it. */
    private readonly storage?: Storage,
  ) {}

  async list(query: TopicFilter & { page: number }) {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await this.repository.page(query, PAGE_SIZE, offset);
    return { data: rows.map(toTopic), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('topic_not_found');
    return toTopic(row);
  }

  async create(actor: AuthUser, body: TopicRequest) {
    await this.checkReferences(body);
    const id = await this.writing(() => this.repository.insert({ ...columnsOf(body), scheduled_at: body.Date ?? null }));
    await this.audit.record(actor.id, 'topic.create', id, { plan: body.PlanID, name: body.Name });
    return id;
  }

  /** Saves the topic; moved to another plan, it takes its tests along. */
  async update(actor: AuthUser, id: number, body: UpdateTopicRequest) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('topic_not_found');
    await this.checkReferences(body);
    await this.writing(() => this.repository.update(id, columnsOf(body)));
    const moved = body.PlanID !== current.plan_id;
    await this.audit.record(actor.id, 'topic.update', id, moved ? { from: current.plan_id, plan: body.PlanID } : {});
  }

  /** Deletes a topic whose tests have no results (409 otherwise), with its tests and questions. */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('topic_not_found');
    let outcome: Awaited<ReturnType<TopicsRepository['deleteWithTests']>>;
    try {
      outcome = await this.repository.deleteWithTests(id);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code !== PG_RESTRICT_VIOLATION && code !== PG_FOREIGN_KEY_VIOLATION) throw error;
      // a result was recorded meanwhile: the database kept it, and the topic
      throw conflict('topic_has_results', { count: await this.repository.resultCount(id) });
    }
    if (!outcome.deleted) throw conflict('topic_has_results', { count: outcome.results });
    if (this.storage) {
      const storage = this.storage;
      await Promise.all(outcome.unusedImages.map((key) => storage.remove(key)));
    }
    await this.audit.record(actor.id, 'topic.delete', id, { plan: current.plan_id, name: current.name });
  }

  /** The plan must exist, TypeID must be a topic type and EduType an education type. */
  private async checkReferences(body: { PlanID: number; TypeID: number; EduType: number }) {
    if (!(await this.repository.planExists(body.PlanID))) throw unprocessable('topic_plan_unknown');
    const kinds = await this.repository.dictionaryKinds([body.TypeID, body.EduType]);
    if (kinds.get(body.TypeID) !== 'topic_type') throw unprocessable('topic_type_unknown');
    if (kinds.get(body.EduType) !== 'edu_type') throw unprocessable('topic_edu_type_unknown');
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
