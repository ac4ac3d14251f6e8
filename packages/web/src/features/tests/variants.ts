import { ANSWER_LETTERS, type AnswerLetter, type Question, type QuestionRequest, REQUIRED_VARIANTS, VARIANT_KEYS } from '@oqu/contracts';

/** Answer variants A–F as the question form edits them (admin-back-office.md §5). */

export type VariantKey = (typeof VARIANT_KEYS)[number];
export type Variants = Partial<Record<VariantKey, string | undefined>>;

export const MAX_VARIANTS: number = ANSWER_LETTERS.length;

export const variantKey = (letter: AnswerLetter): VariantKey => `Variant${letter}`;

const filled = (text: string | undefined) => typeof text === 'string' && text.trim() !== '';

/**
 * How many variant fields the form shows: A–D always; E when E or F has text; F when F has text.
 * A question saved with E and F keeps both visible when it is edited.
 */
export function visibleVariantCount(values: Variants): number {
  if (filled(values.VariantF)) return 6;
  if (filled(values.VariantE)) return 5;
  return REQUIRED_VARIANTS;
}

/** The letters of the shown variants, A… up to `count`. */
export function shownLetters(count: number): AnswerLetter[] {
  const n = Math.min(MAX_VARIANTS, Math.max(REQUIRED_VARIANTS, Math.trunc(count)));
  return ANSWER_LETTERS.slice(0, n);
}

/** The letters that may be the correct answer: shown variants that have text. */
export function offeredAnswers(values: Variants, count = MAX_VARIANTS): AnswerLetter[] {
  return shownLetters(count).filter((letter) => filled(values[variantKey(letter)]));
}

/** The correct answer of a new question (admin-back-office.md §5). */
export const DEFAULT_CORRECT_ANSWER: AnswerLetter = 'A';

export interface QuestionValues extends Variants {
  TestID?: number;
  QuestionText?: string;
  Position?: number | null;
  CorrectAnswer?: AnswerLetter;
}

/** The form's starting values: a new question (optionally in a test) or a saved one. */
export function questionInitialValues(question?: Question, testId?: number): QuestionValues {
  if (!question) {
    return {
      TestID: testId,
      QuestionText: '',
      Position: 0,
      VariantA: '',
      VariantB: '',
      VariantC: '',
      VariantD: '',
      VariantE: '',
      VariantF: '',
      CorrectAnswer: DEFAULT_CORRECT_ANSWER,
    };
  }
  return {
    TestID: question.TestID,
    QuestionText: question.QuestionText || question.Question,
    Position: question.Position,
    VariantA: question.VariantA,
    VariantB: question.VariantB,
    VariantC: question.VariantC,
    VariantD: question.VariantD,
    VariantE: question.VariantE,
    VariantF: question.VariantF,
    CorrectAnswer: question.CorrectAnswer,
  };
}

/**
 * The body of POST /api/question/new and PUT /api/question/updatequestion/{id}: texts trimmed,
 * hidden variants sent empty, the position as an integer (0 when left empty).
 */
export function questionRequestBody(
  values: QuestionValues,
  shown: number,
  removeImage = false,
): Omit<QuestionRequest, 'TestID'> & { TestID: number } {
  const text = (key: VariantKey) => {
    const index = VARIANT_KEYS.indexOf(key);
    return index < shown ? (values[key] ?? '').trim() : '';
  };
  const position = Number(values.Position);
  return {
    TestID: Number(values.TestID),
    QuestionText: (values.QuestionText ?? '').trim(),
    Position: Number.isFinite(position) && position >= 0 ? Math.trunc(position) : 0,
    VariantA: text('VariantA'),
    VariantB: text('VariantB'),
    VariantC: text('VariantC'),
    VariantD: text('VariantD'),
    VariantE: text('VariantE'),
    VariantF: text('VariantF'),
    CorrectAnswer: values.CorrectAnswer ?? DEFAULT_CORRECT_ANSWER,
    RemoveImage: removeImage,
  };
}
