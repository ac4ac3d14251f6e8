import type { Texts } from './messages.js';

/** Messages about problems. */
export const problemsMessages = {} satisfies Texts;
