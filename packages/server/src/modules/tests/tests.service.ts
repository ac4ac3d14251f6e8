import type { TestRequest } from '@oqu/contracts';
import { writeChecked } from '../../db/database.js';
import { notFound, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CatalogueCleanupService } from '../catalogue-cleanup/catalogue-cleanup.service.js';
import { toTest } from './tests.presenter.js';
import type { TestsFilter, TestsRepository } from './tests.repository.js';

/** A plan or topic deleted between the check and the write still answers 422, not 500. */
const VANISHED = 'test_topic_not_found';

export class TestsService {
  constructor(
    private readonly repository: TestsRepository,
    private readonly audit: AuditService,
    private readonly cleanup: CatalogueCleanupService,
  ) {}

  list(query: TestsFilter & { page: number }) {
    return paged(
      query.page,
      (limit, offset) => this.repository.page(query, limit, offset),
      (rows) => rows.map(toTest),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('test_not_found');
    return toTest(row);
  }

  async create(actor: AuthUser, body: TestRequest) {
    await this.checkPlace(body.PlanID, body.TopicID);
    const id = await writeChecked(VANISHED, () => this.repository.insert(this.columns(body)));
    await this.audit.record(actor.id, 'test.create', id, { name: body.Name, plan: body.PlanID, topic: body.TopicID });
    return id;
  }

  async update(actor: AuthUser, id: number, body: TestRequest) {
    if (!(await this.repository.findById(id))) throw notFound('test_not_found');
    await this.checkPlace(body.PlanID, body.TopicID);
    await writeChecked(VANISHED, () => this.repository.update(id, this.columns(body)));
    await this.audit.record(actor.id, 'test.update', id, { name: body.Name, plan: body.PlanID, topic: body.TopicID });
  }

  /** Deletes a test and its questions; a test with attempts is refused (409): results are never lost. */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('test_not_found');
    await this.cleanup.deleteUnlessResults({ by: 'id', id }, 'test_has_attempts', (trx) => this.repository.delete(trx, id));
    await this.audit.record(actor.id, 'test.delete', id, { name: current.name, questions: current.question_count });
  }

  /** The plan and topic must exist, and the topic must be one of the plan's. */
  private async checkPlace(planId: number, topicId: number) {
    const [plan, topic] = await Promise.all([this.repository.findPlan(planId), this.repository.findTopic(topicId)]);
    if (!plan) throw unprocessable('test_plan_not_found');
    if (!topic) throw unprocessable('test_topic_not_found');
    if (topic.plan_id !== plan.id) throw unprocessable('test_topic_other_plan', { topic: topic.name, plan: plan.name });
  }

  private columns(body: TestRequest) {
    return {
      name: body.Name,
      description: body.Description,
      plan_id: body.PlanID,
      topic_id: body.TopicID,
      duration_minutes: body.Duration,
      pass_marks: body.PassMarks,
      is_webinar: body.Type,
      // the order among a webinar's tests means nothing for a test that is not a webinar's
      position: body.Type ? body.Position : null,
    };
  }
}
