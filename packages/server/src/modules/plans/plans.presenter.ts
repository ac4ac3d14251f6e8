import type { Plan, PlanWithTopics } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { PlanRecord, PlanTopicRecord } from './plans.repository.js';

export function toPlan(row: PlanRecord): Plan {
  return {
    ID: row.id,
    Plan: row.name,
    Name: row.name,
    Duty: row.duties,
    Description: row.description,
    CertificateID: row.certificate_id,
    certificate:
      row.certificate_id === null
        ? null
        : {
            ID: row.certificate_id,
            Name: row.certificate_name ?? '',
            FileName: row.certificate_file_name ?? '',
            Path: row.certificate_key ? fileUrl(row.certificate_key) : '',
          },
    Types: row.edu_type_id,
    Topiccount: row.topic_count ?? 0,
    Studentcount: row.student_count,
    Totalhour: Number(row.total_hours ?? 0),
  };
}

/** Plans in their order, each with its topics in theirs. */
export function toPlansWithTopics(plans: { id: number; name: string }[], topics: PlanTopicRecord[]): PlanWithTopics[] {
  const byPlan = new Map<number, PlanWithTopics['Topics']>();
  for (const topic of topics) {
    const list = byPlan.get(topic.plan_id) ?? [];
    list.push({ ID: topic.id, Name: topic.name, Topic: topic.name, TypeID: topic.type_id });
    byPlan.set(topic.plan_id, list);
  }
  return plans.map((plan) => ({ ID: plan.id, Name: plan.name, Plan: plan.name, Topics: byPlan.get(plan.id) ?? [] }));
}
