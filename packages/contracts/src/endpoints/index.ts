import { attemptEndpoints } from './attempts.js';
import { authEndpoints } from './auth.js';
import { certificateEndpoints } from './certificates.js';
import { chatEndpoints } from './chat.js';
import { dictionaryEndpoints } from './dictionaries.js';
import type { Endpoint } from './endpoint.js';
import { examEndpoints } from './exams.js';
import { faceEndpoints } from './face.js';
import { issuedCertificateEndpoints } from './issued-certificates.js';
import { learnerPlanEndpoints } from './learner-plan.js';
import { mediaEndpoints } from './media.js';
import { planEndpoints } from './plans.js';
import { problemEndpoints } from './problems.js';
import { questionEndpoints } from './questions.js';
import { retakeEndpoints } from './retakes.js';
import { scormEndpoints } from './scorm.js';
import { statisticsEndpoints } from './statistics.js';
import { streamEndpoints } from './stream.js';
import { systemEndpoints } from './system.js';
import { testEndpoints } from './tests.js';
import { topicEndpoints } from './topics.js';
import { userEndpoints } from './users.js';
import { visitLogEndpoints } from './visit-log.js';
import { webinarEndpoints } from './webinars.js';

export * from './endpoint.js';
export { UPLOAD_PATHS } from './files.js';
export {
  attemptEndpoints,
  authEndpoints,
  certificateEndpoints,
  chatEndpoints,
  dictionaryEndpoints,
  examEndpoints,
  faceEndpoints,
  issuedCertificateEndpoints,
  learnerPlanEndpoints,
  mediaEndpoints,
  planEndpoints,
  problemEndpoints,
  questionEndpoints,
  retakeEndpoints,
  scormEndpoints,
  statisticsEndpoints,
  streamEndpoints,
  systemEndpoints,
  testEndpoints,
  topicEndpoints,
  userEndpoints,
  visitLogEndpoints,
  webinarEndpoints,
};

/** Every API call the server answers, by domain: a route without one fails the endpoints test. */
export const ENDPOINTS: readonly Endpoint[] = [
  attemptEndpoints,
  authEndpoints,
  certificateEndpoints,
  chatEndpoints,
  dictionaryEndpoints,
  examEndpoints,
  faceEndpoints,
  issuedCertificateEndpoints,
  learnerPlanEndpoints,
  mediaEndpoints,
  planEndpoints,
  problemEndpoints,
  questionEndpoints,
  retakeEndpoints,
  scormEndpoints,
  statisticsEndpoints,
  streamEndpoints,
  systemEndpoints,
  testEndpoints,
  topicEndpoints,
  userEndpoints,
  visitLogEndpoints,
  webinarEndpoints,
].flatMap((domain) => Object.values(domain));
