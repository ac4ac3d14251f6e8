import type { answerDocument, Problem, ProblemAnswer } from '@oqu/contracts';
import type { z } from 'zod';
import { fileUrl } from '../files/files.presenter.js';
import type { AnswerRecord, DocumentRecord, ThreadRecord } from './problems.repository.js';

/** Thread rows to the spec's Problem and Answer. */

const iso = (value: Date | string) => new Date(value).toISOString();

export type AnswerDocument = z.infer<typeof answerDocument>;

export function toAnswerDocument(row: DocumentRecord): AnswerDocument {
  return { ID: row.id, Name: row.name, type: row.content_type, Size: row.size, Path: fileUrl(row.storage_key) };
}

/** Threads with their answers and files, read in three queries, put together. */
export function toProblems(threads: ThreadRecord[], answers: AnswerRecord[], documents: DocumentRecord[]): Problem[] {
  const filesOf = new Map<number, AnswerDocument[]>();
  for (const row of documents) {
    const list = filesOf.get(row.answer_id) ?? [];
    list.push(toAnswerDocument(row));
    filesOf.set(row.answer_id, list);
  }
  const answersOf = new Map<number, ProblemAnswer[]>();
  for (const row of answers) {
    const list = answersOf.get(row.problem_id) ?? [];
    list.push({
      ID: row.id,
      AnswerText: row.answer_text,
      CreatedAt: iso(row.created_at),
      User: { ID: row.user_id, Fullname: row.full_name, RoleID: row.role_id },
      Documents: filesOf.get(row.id) ?? [],
    });
    answersOf.set(row.problem_id, list);
  }
  return threads.map((row) => ({
    ID: row.id,
    WebID: row.webinar_id,
    UserID: row.user_id,
    QuestionText: row.question_text,
    CreatedAt: iso(row.created_at),
    Read: Boolean(row.read),
    User: { ID: row.user_id, Fullname: row.full_name, Duty: row.duty, RoleID: row.role_id },
    Webinar: {
      ID: row.webinar_id,
      Webinarname: row.webinar_name,
      Startdate: iso(row.begin_time),
      Description: row.description,
      Teacher: row.teacher_name,
    },
    Answer: answersOf.get(row.id) ?? [],
  }));
}
