import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ExamSignature } from '@oqu/contracts';
import { App, Button, Flex, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { errorMessage } from '../../lib/api';
import { formatDate, formatTime } from '../../lib/dates';
import { downloadWithToken } from '../../lib/download';
import { useSignatures } from '../exams/api';
import { filenameFromDisposition } from '../tests/files';

/**
 * The signatures given on an exam's report card: "Подписано ЭЦП: ФИО, ИИН, время", the key's
 * family (RSA/GOST), issuer and serial, when the server verified it and against which revocation
 * evidence, and each signature's .p7s and the exact PDF it covers (downloaded with the bearer
 * token). For the exam's results screens.
 */
export function SignaturesList({ examId }: { examId: number }) {
  const { t } = useTranslation('signing');
  const { message: toast } = App.useApp();
  const signatures = useSignatures(examId);

  async function download(path: string, fallback: string) {
    try {
      await downloadWithToken(path, (response) => filenameFromDisposition(response.headers.get('content-disposition'), fallback));
    } catch (error) {
      toast.error(errorMessage(error, t('list.downloadFailed')));
    }
  }

  if (signatures.isError) return <LoadError error={signatures.error} onRetry={() => void signatures.refetch()} />;
  return (
    <section aria-label={t('list.title')} data-testid="exam-signatures">
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('list.title')}
      </Typography.Title>
      {/* while loading, a placeholder as tall as the empty list: the page below does not jump when the answer comes */}
      <List<ExamSignature>
        dataSource={signatures.data ?? []}
        locale={{
          emptyText: signatures.isPending ? (
            <Spin>
              <EmptyState bare text={t('common:app.loading')} />
            </Spin>
          ) : (
            <EmptyState bare text={t('list.empty')} />
          ),
        }}
        rowKey="ID"
        renderItem={(signature) => (
          <List.Item>
            <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                <SafetyCertificateOutlined aria-hidden style={{ marginInlineEnd: 8, color: '#389e0d' }} />
                {t('list.signedBy', {
                  name: signature.Fullname,
                  iin: signature.IIN,
                  time: `${formatDate(signature.SignedAt)} ${formatTime(signature.SignedAt)}`,
                })}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {t('list.certificate', { family: signature.KeyFamily, issuer: signature.Issuer || '—', serial: signature.Serial })}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {t('list.verified', {
                  time: `${formatDate(signature.VerifiedAt)} ${formatTime(signature.VerifiedAt)}`,
                  revocation: signature.Revocation,
                })}
              </Typography.Text>
              <Flex wrap gap={8}>
                <Button
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  aria-label={t('list.downloadSignatureOf', { name: signature.Fullname })}
                  onClick={() => void download(signature.Path, `signature-${signature.ID}.p7s`)}
                >
                  {t('list.downloadSignature')}
                </Button>
                <Button
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  aria-label={t('list.downloadPdfOf', { name: signature.Fullname })}
                  onClick={() => void download(signature.PdfPath, `report-card-${examId}-signature-${signature.ID}.pdf`)}
                >
                  {t('list.downloadPdf')}
                </Button>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}
