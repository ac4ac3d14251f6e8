import type { Language, TestAttendance, VisitLogTopic } from '@oqu/contracts';
import { typeName } from '../dictionaries/dictionaries.presenter.js';
import { toTraineeIdentity } from '../users/users.presenter.js';
import type { ResultRecord, TraineeRecord, VisitLogTopicRecord } from './visit-log.repository.js';

export function toVisitLogTopic(row: VisitLogTopicRecord, language: Language): VisitLogTopic {
  return {
    ID: row.id,
    Number: row.position,
    Name: row.name,
    Type: typeName(row, language),
    TypeID: row.type_id,
    TotalHour: Number(row.total_hours),
    Date: row.date,
    Time: row.time,
    Attendance: { Passed: row.passed ?? 0, Total: row.trainees ?? 0 },
  };
}

/**
 * A trainee's result at a test (§4, §9): waiting until an attempt is finished, then passed when one
 * passed, else failed; the shown percent and counts are those of the best finished attempt.
 */
export function toTestResult(row: ResultRecord) {
  const finished = row.best_questions !== null;
  const right = row.best_correct ?? 0;
  const questions = row.best_questions ?? 0;
  return {
    ID: row.id,
    Test: row.name,
    Status: !finished ? 'Ожидается' : row.passed ? 'Пройден' : 'Не пройден',
    Result: finished ? String(questions === 0 ? 0 : Math.round((right / questions) * 100)) : '',
    Plus: right,
    Minus: questions - right,
  } as const;
}

export function toTestAttendance(row: ResultRecord): TestAttendance {
  return {
    ...toTestResult(row),
    Topic: row.topic_name,
    TopicID: row.topic_id,
    Duration: row.duration_minutes,
    Questions: row.question_count,
  };
}

export function toAttendee(row: TraineeRecord, results: ResultRecord[]) {
  return {
    ...toTraineeIdentity(row),
    Date: row.last_activity === null ? null : new Date(row.last_activity).toISOString(),
    Webinar: Boolean(row.webinar),
    Tests: results.filter((r) => r.user_id === row.id).map(toTestResult),
  };
}
