import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type Exam } from '@oqu/contracts';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { errorMessage } from '../../lib/api';
import { formatDate, formatTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { downloadReportCard, useSignatures } from './api';
import { EXAM_PATHS } from './paths';

/** "Download report card": the PDF as it stands now, fetched with the caller's token. */
export function DownloadReportCard({ exam }: { exam: Exam }) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadReportCard(exam.ID, t('results.fileName', { id: exam.ID }));
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()} data-testid="report-card-download">
      {t('results.download')}
    </Button>
  );
}

/**
 * "Sign with digital signature" (→ /admin/eds-authorization?exam=): only once the exam is over and
 * while the caller has not signed; why not, said beside it.
 */
export function SignReportCard({ exam, signed }: { exam: Exam; signed: boolean }) {
  const { t } = useTranslation('exams');
  const finished = exam.Status === EXAM_STATUS.Finished;
  const hintId = `sign-hint-${exam.ID}`;
  if (signed) return null;
  return (
    <Flex gap={8} align="center" wrap>
      {finished ? (
        <ButtonLink
          to={EXAM_PATHS.sign(exam.ID)}
          type="primary"
          icon={<SafetyCertificateOutlined aria-hidden />}
          data-testid="report-card-sign"
        >
          {t('results.sign')}
        </ButtonLink>
      ) : (
        <>
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined aria-hidden />}
            disabled
            aria-describedby={hintId}
            data-testid="report-card-sign"
          >
            {t('results.sign')}
          </Button>
          <Typography.Text type="secondary" id={hintId}>
            {t('results.signAfterEnd')}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}

/** "Подписано ЭЦП: ФИО, ИИН, время" for the caller's own signature, once they have signed. */
export function SignedLine({ examId }: { examId: number }) {
  const { t } = useTranslation('exams');
  const me = useSession()?.ID;
  const signatures = useSignatures(examId);
  const mine = signatures.data?.find((signature) => signature.ExamenatorID === me);
  const text = mine
    ? t('results.signedBy', { name: mine.Fullname, iin: mine.IIN, time: `${formatDate(mine.SignedAt)} ${formatTime(mine.SignedAt)}` })
    : t('results.signed');
  return (
    <Typography.Text type="success" strong data-testid="report-card-signed">
      <SafetyCertificateOutlined aria-hidden /> {text}
    </Typography.Text>
  );
}
