import type { CertificateRefusal } from '@oqu/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why the key cannot sign the report card, one line per reason, under `title`. */
export function RefusalList({ title, refusals, iin }: { title: string; refusals: CertificateRefusal[]; iin: string }) {
  const { t } = useTranslation('signing');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {refusals.map((refusal) => (
            <li key={refusal}>{t(`refusal.${refusal}`, { iin: iin || '—' })}</li>
          ))}
        </ul>
      }
    />
  );
}
