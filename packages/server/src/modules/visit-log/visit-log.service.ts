import type { Language } from '@oqu/contracts';
import { notFound } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import { toAttendee, toTestAttendance, toVisitLogTopic } from './visit-log.presenter.js';
import type { VisitLogRepository } from './visit-log.repository.js';

interface PageQuery {
  page: number;
  search?: string;
}

/** The visit log (admin-back-office.md §2, §3): who attended and passed what, plan → topic → trainee. */
export class VisitLogService {
  constructor(private readonly repository: VisitLogRepository) {}

  /** Plans with attendance, each with its topics (one query for the topics of the whole page). */
  plans(query: PageQuery, language: Language) {
    return paged(
      query.page,
      (limit, offset) => this.repository.plans(query.search, limit, offset),
      async (plans) => {
        const topics = await this.repository.topicsOf(plans.map((p) => p.id));
        return plans.map((plan) => ({
          ID: plan.id,
          Name: plan.name,
          Attendance: { Passed: plan.passed ?? 0, Total: plan.trainees ?? 0 },
          Topics: topics.filter((t) => t.plan_id === plan.id).map((t) => toVisitLogTopic(t, language)),
        }));
      },
    );
  }

  /** The trainees of a topic's plan with their results at its tests; 404 for an unknown topic. */
  async topic(id: number, query: PageQuery, language: Language) {
    const topic = await this.repository.findTopic(id);
    if (!topic) throw notFound('topic_not_found');
    const page = await paged(
      query.page,
      (limit, offset) => this.repository.topicTrainees(topic, query.search, limit, offset),
      async (trainees) => {
        const results = await this.repository.results(
          trainees.map((t) => t.id),
          { topicId: topic.id },
        );
        return trainees.map((trainee) => toAttendee(trainee, results));
      },
    );
    return { ...page, topic: { ...toVisitLogTopic(topic, language), PlanID: topic.plan_id, Plan: topic.plan_name } };
  }

  /** One trainee's tests of their plan, or of one topic of it; 404 unless a live trainee. */
  async trainee(id: number, topicId: number | undefined) {
    const trainee = await this.repository.findTrainee(id);
    if (!trainee) throw notFound('user_not_found');
    const results = trainee.plan_id === null ? [] : await this.repository.results([id], { planId: trainee.plan_id, topicId });
    return {
      user: { ID: trainee.id, Fullname: trainee.full_name, Department: trainee.department, Duty: trainee.duty, Tabel: trainee.tabel ?? '' },
      data: results.map(toTestAttendance),
    };
  }
}
