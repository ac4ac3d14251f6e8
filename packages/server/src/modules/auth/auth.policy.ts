import { anySignedIn, publicRoute } from '../../plugins/access.js';

/** Who may call the sign-in calls. The routes declare these. */
export const authAccess = {
  /** signing in: anyone (guessing is throttled, see login-throttle.ts) */
  signIn: publicRoute,
  /** one's own session and password: everyone signed in */
  own: anySignedIn,
} as const;
