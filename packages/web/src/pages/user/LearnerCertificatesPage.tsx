import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { OwnCertificates } from '../../features/issued-certificates/OwnCertificates';

/** /user/certificates and, in the compact layout, /certificates: the trainee's certificates. */
export default function LearnerCertificatesPage() {
  const { t } = useTranslation('issuedCertificates');
  return (
    <section className="oqu-page">
      <PageTitle>{t('own.title')}</PageTitle>
      <Card className="oqu-card">
        <OwnCertificates bare />
      </Card>
    </section>
  );
}
