import type { Texts } from './messages.js';

/** Messages about plans, topics, certificates. */
export const catalogueMessages = {
  catalogue_placeholder: { ru: '', kk: '', en: '' },
} as const satisfies Texts;
