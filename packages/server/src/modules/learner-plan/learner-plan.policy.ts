import { forSection } from '../../plugins/access.js';

/** Who may read a learner's plan: the trainee, their own (the service reads the caller's). The routes declare these. */
export const learnerPlanAccess = {
  /** the trainee's plan screens */
  learner: forSection('learnerPlan'),
} as const;
