/**
 * The spec's two upload paths. Each is shared by several targets, told apart by the form fields that
 * precede the file; every target's endpoint is declared by its own domain (`userEndpoints.uploadPhoto`,
 * `webinarEndpoints.uploadDocument`, …) with these paths.
 */
export const UPLOAD_PATHS = {
  /** photos: a person's (`UserID`) or a question's (`QuestionID`) */
  images: '/uploadI',
  /** documents: a webinar's preview or document, an answer's file, a certificate template */
  files: '/uploadF',
} as const;
