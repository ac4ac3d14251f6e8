import type { Migration } from 'kysely/migration';
import * as foundation from './202611220001_foundation.js';
import * as catalogue from './202611220002_catalogue.js';
import * as testing from './202611220003_testing.js';
import * as attemptsEngine from './202611220004_attempts_engine.js';
import * as answerQuestionGuard from './202611220005_answer_question_guard.js';
import * as webinars from './202611220006_webinars.js';
import * as loginThrottle from './202611240001_login_throttle.js';
import * as sqlSources from './202611240004_sql_sources.js';
import * as exams from './202611250001_exams.js';
import * as signatureEvidence from './202611250002_signature_evidence.js';
import * as results from './202611260001_results.js';
import * as statistics from './202611260002_statistics.js';
import * as examRecord from './202611270001_exam_record.js';
import * as statisticsRecord from './202611270005_statistics_record.js';
import * as certificateOrganisationDetails from './202611270006_certificate_organisation_details.js';
import * as signInGuessing from './202611280001_sign_in_guessing.js';
import * as streamCap from './202611280003_stream_cap.js';
import * as scorm from './202611290001_scorm.js';
import * as media from './202611290002_media.js';
import * as face from './202611300001_face.js';
import * as faceRefusals from './202612010001_face_refusals.js';
import * as webinarStream from './202612020001_webinar_stream.js';
import * as attemptStart from './202612030001_attempt_start.js';
import * as statisticsSpeed from './202612030002_statistics_speed.js';

/** Every migration, by name; names sort in the order they run. Never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '202611220001_foundation': foundation,
  '202611220002_catalogue': catalogue,
  '202611220003_testing': testing,
  '202611220004_attempts_engine': attemptsEngine,
  '202611220005_answer_question_guard': answerQuestionGuard,
  '202611220006_webinars': webinars,
  '202611240001_login_throttle': loginThrottle,
  '202611240004_sql_sources': sqlSources,
  '202611250001_exams': exams,
  '202611250002_signature_evidence': signatureEvidence,
  '202611260001_results': results,
  '202611260002_statistics': statistics,
  '202611270001_exam_record': examRecord,
  '202611270005_statistics_record': statisticsRecord,
  '202611270006_certificate_organisation_details': certificateOrganisationDetails,
  '202611280001_sign_in_guessing': signInGuessing,
  '202611280003_stream_cap': streamCap,
  '202611290001_scorm': scorm,
  '202611290002_media': media,
  '202611300001_face': face,
  '202612010001_face_refusals': faceRefusals,
  '202612020001_webinar_stream': webinarStream,
  '202612030001_attempt_start': attemptStart,
  '202612030002_statistics_speed': statisticsSpeed,
};
