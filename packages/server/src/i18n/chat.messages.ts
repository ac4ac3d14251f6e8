import type { Texts } from './messages.js';

/** Messages about chat. */
export const chatMessages = {} satisfies Texts;
