import type { Texts } from './messages.js';

/** Messages about the trainee's plan. */
export const learnerPlanMessages = {
  learner_plan_placeholder: { ru: '', kk: '', en: '' },
} as const satisfies Texts;
