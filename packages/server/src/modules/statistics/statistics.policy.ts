import { forSection, publicRoute } from '../../plugins/access.js';

/** Who may read the statistics and make the reports. The routes declare these. */
export const statisticsAccess = {
  /** the statistics and their report: administrators */
  statistics: forSection('statistics'),
  /** the webinars' report, from the conducting-webinar screen */
  teacherReport: forSection('conductingWebinar'),
  /** a made report, by the unguessable token of its address (a download link cannot send a token) */
  file: publicRoute,
} as const;
