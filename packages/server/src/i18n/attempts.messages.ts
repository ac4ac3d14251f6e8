import type { Texts } from './messages.js';

/** Messages of the testing engine: attempts, answers, results. */
export const attemptsMessages = {
  attempts_placeholder: { ru: '', kk: '', en: '' },
} as const satisfies Texts;
