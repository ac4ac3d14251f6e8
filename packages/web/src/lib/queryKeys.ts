/** Query keys one feature refreshes for another: kept here so that neither feature imports the other. */
export const sharedKeys = {
  /** every webinar's test list (features/webinars), read again when a trainee's standing in a test changes (features/testing) */
  webinarTests: ['webinars', 'tests'] as const,
  /** the trainee's plan (features/learner-plan), read again when a SCORM course reports its end (features/scorm) */
  learnerPlan: ['learner-plan'] as const,
};
