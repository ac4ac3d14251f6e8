import { DownloadOutlined, FileZipOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { Exam } from '@oqu/contracts';
import { App, Button, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { downloadExamDocument, markedCopyUrl, reportCardUrl, signedPackageUrl, useSignatures } from './api';
import { examDateTime } from './format';
import { useExamPaths } from './paths';
import type { SigningState } from './votes';

/** One of the exam's documents, fetched with the caller's token. */
function DocumentDownload({
  url,
  fileName,
  icon,
  label,
  testId,
}: {
  url: string;
  fileName: string;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadExamDocument(url, fileName);
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={icon} loading={busy} onClick={() => void download()} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * «Скачать табель»: the draft as it stands, or, once an examiner has signed (`fixed`), the one signed
 * document; then also the copy with the signature marks and the document with every signature (zip).
 */
export function ExamDocuments({ exam, fixed }: { exam: Exam; fixed: boolean }) {
  const { t } = useTranslation('exams');
  const icon = <DownloadOutlined aria-hidden />;
  return (
    <>
      <DocumentDownload
        url={reportCardUrl(exam.ID)}
        fileName={t('results.fileName', { id: exam.ID })}
        icon={icon}
        label={t('results.download')}
        testId="report-card-download"
      />
      {fixed && (
        <>
          <DocumentDownload
            url={markedCopyUrl(exam.ID)}
            fileName={t('documents.markedFileName', { id: exam.ID })}
            icon={icon}
            label={t('documents.markedCopy')}
            testId="report-card-marked"
          />
          <DocumentDownload
            url={signedPackageUrl(exam.ID)}
            fileName={t('documents.packageFileName', { id: exam.ID })}
            icon={<FileZipOutlined aria-hidden />}
            label={t('documents.package')}
            testId="report-card-package"
          />
        </>
      )}
    </>
  );
}

/**
 * "Sign with digital signature" (→ the signing page): once the exam is over and every examiner has
 * voted on every participant, while the caller has not signed; why not, said beside it.
 */
export function SignReportCard({ exam, state }: { exam: Exam; state: SigningState }) {
  const { t } = useTranslation('exams');
  const paths = useExamPaths();
  const hintId = `sign-hint-${exam.ID}`;
  const icon = <SafetyCertificateOutlined aria-hidden />;
  if (state === 'signed') return null;
  if (state === 'open') {
    return (
      <ButtonLink to={paths.sign(exam.ID)} type="primary" icon={icon} data-testid="report-card-sign">
        {t('results.sign')}
      </ButtonLink>
    );
  }
  return (
    <Flex gap={8} align="center" wrap>
      <Button type="primary" icon={icon} disabled aria-describedby={hintId} data-testid="report-card-sign">
        {t('results.sign')}
      </Button>
      <Typography.Text type="secondary" id={hintId} data-testid="report-card-sign-hint">
        {t(state === 'notFinished' ? 'results.signAfterEnd' : 'results.signAfterVotes')}
      </Typography.Text>
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
    ? t('results.signedBy', { name: mine.Fullname, iin: mine.IIN, time: examDateTime(mine.SignedAt) })
    : t('results.signed');
  return (
    <Typography.Text type="success" strong data-testid="report-card-signed">
      <SafetyCertificateOutlined aria-hidden /> {text}
    </Typography.Text>
  );
}
