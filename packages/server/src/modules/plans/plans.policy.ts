import { forSection } from '../../plugins/access.js';

/** Who may do what with education plans. The routes declare these. */
export const plansAccess = {
  /** the plans screen */
  manage: forSection('planEducation'),
  /** plans with their topics, for the test and question screens' pickers */
  pickers: forSection('tests'),
} as const;
