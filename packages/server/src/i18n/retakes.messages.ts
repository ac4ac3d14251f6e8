import type { Texts } from './messages.js';

/** Messages about retakes and the gradebook journal. */
export const retakesMessages = {
  retakes_placeholder: { ru: '', kk: '', en: '' },
} as const satisfies Texts;
