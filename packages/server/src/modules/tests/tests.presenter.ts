import type { Test } from '@oqu/contracts';
import type { TestRecord } from './tests.repository.js';

export function toTest(row: TestRecord): Test {
  return {
    ID: row.id,
    Test: row.name,
    Name: row.name,
    Description: row.description,
    PlanID: row.plan_id,
    TopicID: row.topic_id,
    Plan: row.plan_name,
    Topic: row.topic_name,
    Duration: row.duration_minutes,
    PassMarks: row.pass_marks,
    Passmarks: row.pass_marks,
    Questions: row.question_count,
    Passed: row.passed_count,
    Attempts: row.attempt_count,
    Type: row.is_webinar,
    Position: row.position,
    Date: new Date(row.created_at).toISOString(),
  };
}
