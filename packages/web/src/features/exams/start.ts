/**
 * What must happen before an examiner opens an exam's room ('Start' on /admin/report-card). The
 * spec opens a camera check there; it arrives with the face-check work, which makes this wait for
 * the examiner's face to match. Until then nothing stands in the way.
 */
export async function beforeExamStart(_examId: number): Promise<void> {}
