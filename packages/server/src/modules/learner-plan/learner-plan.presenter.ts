import type { Language, PlanTopicRow, UserInfo } from '@oqu/contracts';
import { topicTexts } from '../topics/topics.presenter.js';
import type { PlanTestRecord, PlanTopicRecord, UserInfoRecord } from './learner-plan.repository.js';
import { isCompleted, resultPercent } from './learner-plan.stats.js';

const NAME = { ru: 'edu_name_ru', kk: 'edu_name_kk', en: 'edu_name_en' } as const;

export function toUserInfo(row: UserInfoRecord, language: Language): UserInfo {
  const plans: UserInfo['Plans'] =
    row.plan_id === null
      ? []
      : [
          {
            ID: row.plan_id,
            Name: row.plan_name ?? '',
            Plan: row.plan_name ?? '',
            Description: row.plan_description ?? '',
            Duty: row.plan_duties ?? [],
            Certificate: row.certificate_id === null ? null : { ID: row.certificate_id, Name: row.certificate_name ?? '' },
            Types: row.edu_type_id,
            EduTypeName: row[NAME[language]],
          },
        ];
  return { Plans: plans, Position: { Name: row.duty }, Department: row.department, Fullname: row.full_name };
}

/** timestamptz as ISO 8601 (UTC); the web shows it in the organisation's zone. */
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toPlanTest(row: PlanTestRecord): PlanTopicRow['Tests'][number] {
  return {
    ID: row.id,
    Name: row.name,
    PassMarks: row.pass_marks,
    Duration: row.duration_minutes,
    Passed: Boolean(row.passed),
    Result: row.best_questions === null || row.best_correct === null ? null : resultPercent(row.best_correct, row.best_questions),
  };
}

export function toPlanTopicRow(row: PlanTopicRecord, tests: PlanTestRecord[], scorm: PlanTopicRow['Scorm'] = []): PlanTopicRow {
  const presented = tests.map(toPlanTest);
  return {
    ID: row.id,
    Topic: row.name,
    Name: row.name,
    Number: row.position,
    IDNumber: row.id_number,
    Studyhour: Number(row.total_hours),
    Date: isoOf(row.scheduled_at),
    TypeID: row.type_id,
    EduType: row.edu_type_id,
    ...topicTexts(row),
    Tests: presented,
    Scorm: scorm,
    Completed: isCompleted(presented, scorm),
  };
}
