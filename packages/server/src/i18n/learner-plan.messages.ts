import type { Texts } from './messages.js';

/** Messages about the trainee's plan. */
export const learnerPlanMessages = {
  learner_plan_none: {
    ru: 'План обучения ещё не назначен. Обратитесь к администратору',
    kk: 'Оқу жоспары әлі тағайындалмаған. Әкімшіге хабарласыңыз',
    en: 'No training plan has been assigned to you yet. Please contact the administrator',
  },
} as const satisfies Texts;
