import { DownloadOutlined } from '@ant-design/icons';
import type { VerifiedCertificate } from '@oqu/contracts';
import { Alert, Button, Descriptions, Flex, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { LoadError } from '../../components/LoadError';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { certificatePdfPath, useVerification } from '../../features/issued-certificates/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import '../../features/issued-certificates/verify.css';

/**
 * /verify/{code or number}: what a certificate's QR code opens, and where its printed number is
 * checked, for anyone, signed in or not — valid, expired or revoked, whose, for what exam and when,
 * its term, its chair, who signed it, and its PDF (none for a revoked one). An unknown one says only that.
 */
export default function VerifyPage() {
  const { t } = useTranslation('issuedCertificates');
  const code = useParams().code ?? '';
  const verification = useVerification(code);
  usePageTitle(t('verify.title'));

  return (
    <PublicPageFrame>
      <section className="oqu-signin-card oqu-verify-card" aria-busy={verification.isPending || undefined}>
        <div className="oqu-signin-brand">
          <BrandMark size={40} />
          <span className="oqu-verify-brand">Oqu</span>
        </div>
        <Typography.Title level={1} className="oqu-verify-title">
          {t('verify.title')}
        </Typography.Title>
        {verification.isPending ? (
          <Flex gap={12} align="center" role="status">
            <Spin />
            <span>{t('verify.loading')}</span>
          </Flex>
        ) : verification.isError ? (
          <LoadError error={verification.error} onRetry={() => verification.refetch()} />
        ) : verification.data ? (
          <Verified certificate={verification.data} code={code} />
        ) : (
          <NotFound />
        )}
      </section>
    </PublicPageFrame>
  );
}

/** Revoked, expired or valid, in that order: a revoked certificate says so whatever its term. */
function VerdictAlert({ certificate: c }: { certificate: VerifiedCertificate }) {
  const { t } = useTranslation('issuedCertificates');
  if (c.RevokedAt !== null) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('verify.revokedTitle')}
        description={t('verify.revokedText', { date: formatDate(c.RevokedAt) })}
      />
    );
  }
  if (c.Expired) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('verify.expiredTitle')}
        description={t('verify.expiredText', { organisation: c.Organisation, date: c.ValidUntil ? formatDate(c.ValidUntil) : '—' })}
      />
    );
  }
  return (
    <Alert type="success" showIcon title={t('verify.validTitle')} description={t('verify.validText', { organisation: c.Organisation })} />
  );
}

function Verified({ certificate: c, code }: { certificate: VerifiedCertificate; code: string }) {
  const { t } = useTranslation('issuedCertificates');
  const items = [
    { key: 'holder', label: t('fields.holder'), children: c.Fullname },
    { key: 'iin', label: t('fields.iin'), children: c.IIN },
    { key: 'plan', label: t('fields.plan'), children: c.Plan },
    { key: 'type', label: t('fields.type'), children: c.Type },
    // certificates issued before the exam was kept on them do not know it
    c.Exam === null ? null : { key: 'exam', label: t('fields.exam'), children: c.Exam },
    c.ExamDate === null ? null : { key: 'examDate', label: t('fields.examDate'), children: formatDate(c.ExamDate) },
    { key: 'date', label: t('fields.date'), children: formatDate(c.Date) },
    {
      key: 'validity',
      label: t('fields.validity'),
      children: c.ValidUntil === null ? t('verify.indefinite') : t('verify.validUntil', { date: formatDate(c.ValidUntil) }),
    },
    { key: 'number', label: t('fields.number'), children: c.Number },
    { key: 'organisation', label: t('fields.organisation'), children: c.Organisation },
    c.Chair === null ? null : { key: 'chair', label: t('fields.chair'), children: c.Chair },
  ].filter((item) => item !== null);
  return (
    <Flex vertical gap={16} data-testid="verified" data-valid={c.Valid}>
      <VerdictAlert certificate={c} />
      <Descriptions size="small" bordered column={1} items={items} />
      <div>
        <Typography.Title level={2} className="oqu-verify-subtitle">
          {t('verify.examiners')}
        </Typography.Title>
        {c.Examiners.length === 0 ? (
          <Typography.Text type="secondary">{t('verify.noExaminers')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={c.Examiners}
            renderItem={(examiner) => (
              <List.Item>
                <Flex vertical>
                  <Typography.Text>{examiner.Fullname}</Typography.Text>
                  <Typography.Text type="secondary">{t('verify.signedAt', { time: formatDateTime(examiner.SignedAt) })}</Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </div>
      {/* a revoked certificate is not handed out from here (its file, should someone fetch it, is marked) */}
      {c.RevokedAt === null && (
        <div>
          <Button type="primary" href={certificatePdfPath(code)} download icon={<DownloadOutlined aria-hidden />}>
            {t('verify.download')}
          </Button>
        </div>
      )}
    </Flex>
  );
}

function NotFound() {
  const { t } = useTranslation('issuedCertificates');
  return (
    <Flex vertical gap={12} data-testid="verify-not-found">
      <Alert type="warning" showIcon title={t('verify.notFoundTitle')} description={t('verify.notFoundText')} />
      <Link to="/">{t('verify.home')}</Link>
    </Flex>
  );
}
