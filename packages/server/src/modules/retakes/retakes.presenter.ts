import { type JournalEntry, type Language, type Retake, type RetakeUser, TEST_STATUS } from '@oqu/contracts';
import { typeName } from '../dictionaries/dictionaries.presenter.js';
import type { JournalRecord, PersonRecord, PlanTestRecord, RetakeRecord } from './retakes.repository.js';

export function toRetake(row: RetakeRecord, language: Language): Retake {
  return {
    ID: row.id,
    Date: new Date(row.available_from).toISOString(),
    Used: Boolean(row.used),
    User: { ID: row.user_id, Fullname: row.full_name, Tabel: row.tabel ?? '', Department: row.department, Duty: row.duty },
    Test: { ID: row.test_id, Name: row.test_name },
    Info: { Plan: row.plan_name, Type: typeName(row, language), Number: row.topic_number, Thematic: row.thematic },
  };
}

export function toRetakeUser(person: PersonRecord, tests: PlanTestRecord[]): RetakeUser {
  return {
    User: { ID: person.id, Fullname: person.full_name, Tabel: person.tabel ?? '', Department: person.department, Duty: person.duty },
    Tests: tests.map((t) => ({ ID: t.id, Name: t.name, Topic: t.topic_name, Plan: t.plan_name })),
  };
}

/**
 * A test's status for the person, by the testing engine's rules: an unused retake first, then a
 * running attempt, then the latest finished attempt's outcome, else nothing yet.
 */
export function journalStatus(state: {
  pendingRetake: boolean;
  running: boolean;
  finished: boolean;
  latestPassed: boolean | null;
}): string {
  if (state.pendingRetake) return TEST_STATUS.Retake;
  if (state.running) return TEST_STATUS.InProgress;
  if (state.finished) return state.latestPassed ? TEST_STATUS.Passed : TEST_STATUS.Failed;
  return TEST_STATUS.Upcoming;
}

export function toJournalEntry(row: JournalRecord, language: Language): JournalEntry {
  const finished = row.best_questions !== null;
  return {
    Tests: { ID: row.id, Name: row.name },
    Type: typeName(row, language),
    Number: row.topic_number,
    Thematic: row.thematic,
    Studyhour: Number(row.total_hours),
    Results: {
      Passed: finished ? (row.best_correct ?? 0) : 0,
      Total: finished ? (row.best_questions ?? 0) : row.question_count,
    },
    Status: journalStatus({
      pendingRetake: Boolean(row.pending_retake),
      running: Boolean(row.running),
      finished,
      latestPassed: row.latest_passed,
    }),
    Attempts: row.attempt_count,
  };
}
