import type { ImportRowProblem, Language, QuestionRequest } from '@oqu/contracts';
import { isReferenceViolation, writeChecked } from '../../db/database.js';
import { notFound, unprocessable } from '../../errors.js';
import { paged } from '../../lib/paging.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CatalogueCleanupService } from '../catalogue-cleanup/catalogue-cleanup.service.js';
import type { Upload } from '../files/files.service.js';
import { buildImportTemplate, checkQuestionRows, type ImportedQuestion, readQuestionSheet } from './questions.import.js';
import { toQuestion, toQuestionImage } from './questions.presenter.js';
import type { QuestionsFilter, QuestionsRepository, QuestionValues } from './questions.repository.js';

/** A test deleted between the check and the write still answers 422, not 500. */
const VANISHED = 'question_test_not_found';

function columns(body: ImportedQuestion): QuestionValues {
  return {
    test_id: body.TestID,
    text: body.QuestionText,
    position: body.Position,
    variant_a: body.VariantA,
    variant_b: body.VariantB,
    variant_c: body.VariantC,
    variant_d: body.VariantD,
    variant_e: body.VariantE,
    variant_f: body.VariantF,
    correct_answer: body.CorrectAnswer,
  };
}

export class QuestionsService {
  private template: Promise<Buffer> | undefined;

  constructor(
    private readonly repository: QuestionsRepository,
    private readonly audit: AuditService,
    private readonly cleanup: CatalogueCleanupService,
  ) {}

  list(query: QuestionsFilter & { id?: number; page: number }) {
    const filter = { ...query, test: query.test ?? query.id };
    return paged(
      query.page,
      (limit, offset) => this.repository.page(filter, limit, offset),
      (rows) => rows.map(toQuestion),
    );
  }

  async get(id: number) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('question_not_found');
    return toQuestion(row);
  }

  async create(actor: AuthUser, body: QuestionRequest) {
    await this.requireTest(body.TestID);
    const id = await writeChecked(VANISHED, () => this.repository.insert(columns(body)));
    await this.audit.record(actor.id, 'question.create', id, { test: body.TestID });
    return id;
  }

  /**
   * Edits a question. An answered question moved to another test is archived where it was (its
   * answers keep pointing at it) and a copy goes to the new test: the answer is the copy's ID.
   */
  async update(actor: AuthUser, id: number, body: QuestionRequest): Promise<{ id: number; moved: boolean }> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('question_not_found');
    await this.requireTest(body.TestID);
    const image = body.RemoveImage
      ? { image_key: null, image_name: null }
      : { image_key: current.image_key, image_name: current.image_name };
    const values = { ...columns(body), ...image };

    const moves = body.TestID !== current.test_id && (await this.repository.isAnswered(id));
    let savedId = id;
    if (moves) {
      savedId = await writeChecked(VANISHED, () => this.repository.moveByCopy(id, values));
      await this.audit.record(actor.id, 'question.move', savedId, { from: id, test: body.TestID, previousTest: current.test_id });
    } else {
      await writeChecked(VANISHED, () => this.repository.update(id, values));
      await this.audit.record(actor.id, 'question.update', id, { test: body.TestID, removeImage: body.RemoveImage });
    }
    if (body.RemoveImage && current.image_key) await this.cleanup.removeUnusedImages([current.image_key]);
    return { id: savedId, moved: moves };
  }

  /** Deletes a question nobody answered; an answered one is archived: gone from the test, kept for the results. */
  async remove(actor: AuthUser, id: number): Promise<{ archived: boolean }> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('question_not_found');
    let archived = await this.repository.isAnswered(id);
    if (!archived) {
      try {
        await this.repository.delete(id);
      } catch (error) {
        if (!isReferenceViolation(error)) throw error;
        archived = true; // answered meanwhile
      }
    }
    if (archived) await this.repository.archive(id);
    else if (current.image_key) await this.cleanup.removeUnusedImages([current.image_key]);
    await this.audit.record(actor.id, archived ? 'question.archive' : 'question.delete', id, { test: current.test_id });
    return { archived };
  }

  /**
   * Sets the question's photo (JPEG or PNG, checked and stored by the upload route, which removes it
   * when this refuses), replacing any earlier one.
   */
  async setImage(actor: AuthUser, questionId: number, file: Upload) {
    const current = await this.repository.findById(questionId);
    if (!current) throw notFound('question_not_found');
    const key = file.key;
    await this.repository.setImage(questionId, { key, name: file.name });
    if (current.image_key) await this.cleanup.removeUnusedImages([current.image_key]);
    await this.audit.record(actor.id, 'question.image', questionId, { name: file.name });
    return toQuestionImage(questionId, key) as { ID: number; Path: string };
  }

  /**
   * Adds every question of the spreadsheet to the test, or none: when any row is wrong, nothing is
   * written and the answer lists each wrong row with its columns.
   */
  async importSheet(
    actor: AuthUser,
    testId: number,
    data: Buffer,
    language: Language,
  ): Promise<{ added: number; rows: ImportRowProblem[] }> {
    const test = await this.repository.findTest(testId);
    if (!test) throw unprocessable('question_test_not_found');
    const sheet = await readQuestionSheet(data);
    const { questions, problems } = checkQuestionRows(sheet, testId, language);
    if (problems.length > 0) return { added: 0, rows: problems };
    const added = await writeChecked(VANISHED, () => this.repository.insertMany(questions.map(columns)));
    await this.audit.record(actor.id, 'question.import', testId, { added });
    return { added, rows: [] };
  }

  /** The import template, built once. */
  importTemplate() {
    this.template ??= buildImportTemplate().catch((error) => {
      this.template = undefined;
      throw error;
    });
    return this.template;
  }

  private async requireTest(testId: number) {
    if (!(await this.repository.findTest(testId))) throw unprocessable('question_test_not_found');
  }
}
