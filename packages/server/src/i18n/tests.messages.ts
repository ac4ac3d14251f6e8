import type { Texts } from './messages.js';

/** Messages about tests, questions, question import. */
export const testsMessages = {
  tests_placeholder: { ru: '', kk: '', en: '' },
} as const satisfies Texts;
