import { anySignedIn } from '../../plugins/access.js';

/** Who may read the dictionaries. The routes declare these. */
export const dictionariesAccess = {
  /** everyone signed in: every form's pickers */
  read: anySignedIn,
} as const;
