import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/useConfirm';
import { signReportCard, useExamMutation } from '../exams/api';
import { useExamStartCheck } from '../exams/start';

/** Where a signing stands, for the status line under the action. */
export type SigningPhase = 'idle' | 'fetching' | 'signing' | 'ncalayer' | 'checking' | 'sending';

/**
 * What every way of signing shares: the confirmation (a signature is final: the examiner's votes
 * lock) and sending the signature, after which the examiner is back on the exam's results. Render
 * `faceCheckDialog`.
 */
export function useSignatureSubmission(examId: number, back: string) {
  const { t } = useTranslation('signing');
  const { message: toast } = App.useApp();
  const ask = useConfirm();
  const navigate = useNavigate();
  const sign = useExamMutation((signature: string) => signReportCard(examId, signature));
  const faceCheck = useExamStartCheck();

  function confirm(onConfirmed: () => void) {
    ask({
      title: t('sign.confirmTitle'),
      content: t('sign.confirmText'),
      okText: t('sign.confirmOk'),
      cancelText: t('common:actions.cancel'),
      onOk: onConfirmed,
    });
  }

  /** Posts the detached CMS (base64); throws the server's refusal (a 403 for want of the face check opens the check too). */
  async function send(signature: string) {
    try {
      await sign.mutateAsync(signature);
    } catch (error) {
      faceCheck.offerCheck(examId, error);
      throw error;
    }
    toast.success(t('sign.done'));
    navigate(back);
  }

  return { confirm, send, faceCheckDialog: faceCheck.dialog };
}
