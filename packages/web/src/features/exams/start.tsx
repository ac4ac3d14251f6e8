import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useFaceCheckSettings } from '../face/api';
import { FaceCheckModal } from '../face/FaceCheck';

/** The examiner closed the camera check: nothing opens, and there is nothing to report. */
export class ExamStartCancelled extends Error {
  constructor() {
    super('exam start cancelled');
    this.name = 'ExamStartCancelled';
  }
}

/**
 * What must happen before an examiner opens an exam's room ('Start' on /admin/report-card,
 * admin-back-office.md §2): with the face check required, the camera check against the examiner's
 * photos, which the server then asks for before the exam's votes, completion and signatures.
 * `beforeExamStart` resolves on a match, or at once with the check off; it rejects with
 * ExamStartCancelled when the examiner closes the check. Render `dialog`.
 */
export function useExamStartCheck(): {
  beforeExamStart: (examId: number) => Promise<void>;
  offerCheck: (examId: number, refusal: unknown) => boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation('face');
  const face = useFaceCheckSettings();
  // the exam stays named while the dialog closes, so a last shot cannot go out without it
  const [check, setCheck] = useState({ examId: 0, open: false });
  const settle = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);
  const requiredRef = useRef(face.required);
  requiredRef.current = face.required;

  const beforeExamStart = useCallback(
    (examId: number) =>
      // the server has the last word: while the settings load, the check is asked for
      requiredRef.current === false
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            settle.current = { resolve, reject };
            setCheck({ examId, open: true });
          }),
    [],
  );

  /**
   * A vote, completion or signature refused with 403 while the check is required: the server wants
   * this examiner's check for the exam (a room opened by its address, or a check grown old). Opens
   * the check and answers true; any other refusal is left to the caller.
   */
  const offerCheck = useCallback(
    (examId: number, refusal: unknown) => {
      if (requiredRef.current !== true || !(refusal instanceof ApiError) || refusal.status !== 403) return false;
      beforeExamStart(examId).catch(() => {});
      return true;
    },
    [beforeExamStart],
  );

  const dialog = (
    <FaceCheckModal
      open={check.open}
      title={t('titleExam')}
      target={{ ExamID: check.examId }}
      seconds={face.seconds}
      onMatch={() => {
        settle.current?.resolve();
        setCheck((old) => ({ ...old, open: false }));
      }}
      onCancel={() => {
        settle.current?.reject(new ExamStartCancelled());
        setCheck((old) => ({ ...old, open: false }));
      }}
    />
  );
  return { beforeExamStart, offerCheck, dialog };
}
