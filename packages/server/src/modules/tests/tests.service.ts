import { PAGE_SIZE, type TestRequest } from '@oqu/contracts';
import { PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION, pgErrorCode } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import { toTest } from './tests.presenter.js';
import type { TestsFilter, TestsRepository } from './tests.repository.js';

export class TestsService {
  constructor(
    private readonly repository: TestsRepository,
    private readonly audit: AuditService,
    /** Where the questions' photos live; removed with a deleted test when nothing else shows them. */
    private readonly storage?: Storage,
  ) {}

  async list(query: TestsFilter & { page: number }) {
    const { rows, total } = await this.repository.page(query, PAGE_SIZE, (query.page - 1) * PAGE_SIZE);
    return { data: rows.map(toTest), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('test_not_found');
    return toTest(row);
  }

  async create(actor: AuthUser, body: TestRequest) {
    await this.checkPlace(body.PlanID, body.TopicID);
    const id = await this.writing(() => this.repository.insert(this.columns(body)));
    await this.audit.record(actor.id, 'test.create', id, { name: body.Name, plan: body.PlanID, topic: body.TopicID });
    return id;
  }

  async update(actor: AuthUser, id: number, body: TestRequest) {
    if (!(await this.repository.findById(id))) throw notFound('test_not_found');
    await this.checkPlace(body.PlanID, body.TopicID);
    await this.writing(() => this.repository.update(id, this.columns(body)));
    await this.audit.record(actor.id, 'test.update', id, { name: body.Name, plan: body.PlanID, topic: body.TopicID });
  }

  /**
   * Deletes a test and its questions. A test with attempts is refused: results are never lost (the
   * database's RESTRICT reference is the safety net for an attempt that starts meanwhile).
   */
  async remove(actor: AuthUser, id: number) {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('test_not_found');
    if (current.attempt_count > 0) throw conflict('test_has_attempts', { count: current.attempt_count });
    const keys = await this.repository.imageKeys(id);
    try {
      await this.repository.delete(id);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code !== PG_RESTRICT_VIOLATION && code !== PG_FOREIGN_KEY_VIOLATION) throw error;
      throw conflict('test_has_attempts', { count: await this.repository.attemptCount(id) });
    }
    const unused = await this.repository.unusedKeys(keys);
    if (this.storage) await Promise.all(unused.map((key) => this.storage?.remove(key)));
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

  /** A plan or topic deleted between the check and the write still answers 422, not 500. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw unprocessable('test_topic_not_found');
      throw error;
    }
  }
}
