import type { AnswerLetter, Question } from '@oqu/contracts';
import { fileUrl } from '../files/files.presenter.js';
import type { QuestionRecord } from './questions.repository.js';

/** A question's photo: one per question, so it is named by the question's ID. */
export function toQuestionImage(questionId: number, key: string | null) {
  return key ? { ID: questionId, Path: fileUrl(key) } : null;
}

/** A question as the admin screens read it, correct answer included (never for a trainee). */
export function toQuestion(row: QuestionRecord): Question {
  return {
    ID: row.id,
    TestID: row.test_id,
    Test: row.test_name,
    Plan: row.plan_name,
    Question: row.text,
    QuestionText: row.text,
    Position: row.position,
    VariantA: row.variant_a,
    VariantB: row.variant_b,
    VariantC: row.variant_c,
    VariantD: row.variant_d,
    VariantE: row.variant_e,
    VariantF: row.variant_f,
    CorrectAnswer: row.correct_answer.trim() as AnswerLetter,
    Image: toQuestionImage(row.id, row.image_key),
  };
}
