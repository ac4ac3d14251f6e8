import { ArrowRightOutlined } from '@ant-design/icons';
import { SECTIONS } from '@oqu/contracts';
import { Card, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { OwnCertificates } from './OwnCertificates';

/** How many certificates /user/main lists before its link to all of them. */
const MAIN_PAGE_CERTIFICATES = 2;

/** /user/main's certificates section: the newest few and a link to /user/certificates. */
export function CertificatesSummary() {
  const { t } = useTranslation('issuedCertificates');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="oqu-summary" data-testid="certificates-summary">
      <Card className="oqu-card">
        <div className="oqu-summary-head">
          <Typography.Title level={2} id={headingId}>
            {t('own.summaryTitle')}
          </Typography.Title>
          <ButtonLink
            to={SECTIONS.learnerCertificates.path}
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
            aria-label={t('own.allLabel')}
          >
            {t('own.all')}
          </ButtonLink>
        </div>
        <OwnCertificates limit={MAIN_PAGE_CERTIFICATES} bare />
      </Card>
    </section>
  );
}
