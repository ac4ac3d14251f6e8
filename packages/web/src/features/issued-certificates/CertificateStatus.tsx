import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '../../components/StatusPill';

/** Valid or revoked, in the status colours every list uses. */
export function CertificateStatus({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation('issuedCertificates');
  return revoked ? (
    <StatusPill tone="pink" status="revoked" icon={<StopOutlined aria-hidden />}>
      {t('status.revoked')}
    </StatusPill>
  ) : (
    <StatusPill tone="green" status="valid" icon={<CheckCircleOutlined aria-hidden />}>
      {t('status.valid')}
    </StatusPill>
  );
}
