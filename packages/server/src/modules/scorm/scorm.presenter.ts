import { type LearnerScormPackage, SCORM_DURATION_MINUTES, type ScormPackage, type ScormProgress } from '@oqu/contracts';
import type { ScormPackageRecord, TraineePackageRecord } from './scorm.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toScormPackage(row: ScormPackageRecord): ScormPackage {
  return {
    ID: row.id,
    Name: row.name,
    CreatedAt: iso(row.created_at),
    TopicID: row.topic_id,
    Topic: { ID: row.topic_id, Name: row.topic_name },
    // the zip belongs to the package: it is downloaded by the package's id
    Document: row.zip_key === null ? null : { ID: row.id, Name: row.zip_name ?? '' },
    Version: row.version,
  };
}

/** The trainee's standing in a package from their track's columns (all null before the first launch). */
export function toProgress(row: {
  completion_status: ScormProgress['CompletionStatus'] | null;
  success_status: ScormProgress['SuccessStatus'] | null;
  score: string | number | null;
  total_seconds: string | number | null;
  last_launched_at: Date | string | null;
}): ScormProgress {
  return {
    CompletionStatus: row.completion_status ?? 'not attempted',
    SuccessStatus: row.success_status ?? 'unknown',
    Score: row.score === null ? null : Number(row.score),
    TotalSeconds: Math.floor(Number(row.total_seconds ?? 0)),
    LastLaunchedAt: row.last_launched_at === null ? null : iso(row.last_launched_at),
  };
}

export function toLearnerPackage(row: TraineePackageRecord): LearnerScormPackage {
  return {
    ID: row.id,
    Name: row.name,
    CreatedAt: iso(row.created_at),
    Topic: { ID: row.topic_id, Name: row.topic_name },
    Duration: SCORM_DURATION_MINUTES,
    Progress: toProgress(row),
  };
}
