import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type StatusTone, statusColor, statusKey } from './format';

/**
 * Text, background and border of each tone, at 4.5:1 or more: antd's filled status tags mix their
 * backgrounds darker than the text allows.
 */
const TONES: Record<Exclude<StatusTone, 'default'>, CSSProperties> = {
  success: { color: '#1f6b22', background: '#eef7ee', borderColor: '#a9d3ab' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  processing: { color: '#0a5169', background: '#e3f1f6', borderColor: '#9cc9d9' },
  warning: { color: '#874d00', background: '#fff7e6', borderColor: '#ffd591' },
};

function ToneTag({ tone, children }: { tone: StatusTone; children: string }) {
  return (
    <Tag variant="outlined" style={tone === 'default' ? undefined : TONES[tone]}>
      {children}
    </Tag>
  );
}

/** A test status text of the API, in the interface language and its colour (admin-back-office.md §4). */
export function StatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('retakes');
  if (!status) return <span aria-hidden>—</span>;
  const key = statusKey(status);
  return <ToneTag tone={statusColor(status)}>{key ? t(`status.${key}`) : status}</ToneTag>;
}

/** A retake taken by an attempt, or still waiting for it. */
export function RetakeStateTag({ used }: { used: boolean }) {
  const { t } = useTranslation('retakes');
  return used ? <ToneTag tone="success">{t('list.used')}</ToneTag> : <ToneTag tone="processing">{t('list.pending')}</ToneTag>;
}
