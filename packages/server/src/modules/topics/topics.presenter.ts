import type { Topic } from '@oqu/contracts';
import type { TopicRecord } from './topics.repository.js';

/** A topic's texts under the spec's names; the trainee's plan shows them the same way. */
export function topicTexts(row: Pick<TopicRecord, 'description' | 'thematic' | 'lesson_plan' | 'outline' | 'equipment' | 'teaching_aids'>) {
  return {
    Description: row.description,
    Thematic: row.thematic,
    TextOne: row.lesson_plan,
    TextTwo: row.outline,
    TextThree: row.equipment,
    TextFour: row.teaching_aids,
  };
}

export function toTopic(row: TopicRecord): Topic {
  const hours = Number(row.total_hours);
  return {
    ID: row.id,
    PlanID: row.plan_id,
    Plan: row.plan_name,
    Name: row.name,
    Topic: row.name,
    Number: row.position,
    Position: row.position,
    IDNumber: row.id_number,
    ...topicTexts(row),
    TotalHour: hours,
    Studyhour: hours,
    TypeID: row.type_id,
    EduType: row.edu_type_id,
    Date: row.scheduled_at === null ? null : new Date(row.scheduled_at).toISOString(),
    Testcount: row.test_count,
  };
}
