import { DownloadOutlined, SafetyCertificateOutlined, TrophyOutlined } from '@ant-design/icons';
import type { TraineeCertificate } from '@oqu/contracts';
import { Button, Flex, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { formatDate } from '../../lib/dates';
import { useOwnCertificates, verifyPagePath } from './api';
import { CertificateStatus } from './CertificateStatus';

/**
 * The trainee's certificates, newest first: number, plan, exam type, date, the PDF (and the DOCX of
 * a DOCX template) and the public check. `limit` keeps the first few (the home page's section);
 * `bare` drops the empty state's own card when it stands in another one.
 */
export function OwnCertificates({ limit, bare = false }: { limit?: number; bare?: boolean }) {
  const { t } = useTranslation('issuedCertificates');
  const own = useOwnCertificates();
  if (own.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (own.isError) return <LoadError error={own.error} onRetry={() => own.refetch()} />;
  if (own.data.length === 0) {
    return (
      <EmptyState
        icon={TrophyOutlined}
        title={t('own.emptyTitle')}
        level={bare ? 3 : 2}
        text={t('own.emptyText')}
        bare={bare}
        testId="certificates-empty"
      />
    );
  }
  const shown = limit === undefined ? own.data : own.data.slice(0, limit);
  return (
    <List<TraineeCertificate>
      itemLayout="vertical"
      dataSource={shown}
      rowKey="ID"
      renderItem={(certificate) => <CertificateItem certificate={certificate} />}
    />
  );
}

function CertificateItem({ certificate: c }: { certificate: TraineeCertificate }) {
  const { t } = useTranslation('issuedCertificates');
  return (
    <List.Item data-testid={`certificate-${c.ID}`}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{c.Number}</Typography.Text>
          <CertificateStatus revoked={c.Revoked} />
        </Flex>
        <Typography.Text>{c.Plan}</Typography.Text>
        <Typography.Text type="secondary">
          {c.Type} · {formatDate(c.Date)}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button href={c.Path} download icon={<DownloadOutlined aria-hidden />} aria-label={t('files.pdfOf', { number: c.Number })}>
            PDF
          </Button>
          {c.DocxPath && (
            <Button href={c.DocxPath} download icon={<DownloadOutlined aria-hidden />} aria-label={t('files.docxOf', { number: c.Number })}>
              DOCX
            </Button>
          )}
          <ButtonLink
            to={verifyPagePath(c.Code)}
            type="link"
            icon={<SafetyCertificateOutlined aria-hidden />}
            aria-label={t('files.checkOf', { number: c.Number })}
          >
            {t('files.check')}
          </ButtonLink>
        </Flex>
      </Flex>
    </List.Item>
  );
}
