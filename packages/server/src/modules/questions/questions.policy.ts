import { forSection } from '../../plugins/access.js';

/** Who may do what with questions. The routes declare these. */
export const questionsAccess = {
  /** the questions screen and the import */
  manage: forSection('questions'),
} as const;
