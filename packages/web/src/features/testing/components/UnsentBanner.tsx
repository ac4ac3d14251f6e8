import { CloudUploadOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLOW_SAVE_MS, useLasting } from '../../../lib/useLasting';
import { useOnline } from '../hooks';

export interface UnsentBannerProps {
  /** Answers not acknowledged by the server yet. */
  pending: number;
  sending: boolean;
  /** Why the last send failed. */
  failureMessage?: string | null;
  /** The session ended: the answers wait for a new sign-in. */
  paused?: boolean;
  /** Storage refused to keep the answers: they would not survive a reload. */
  storageFailed?: boolean;
  onRetry: () => void;
}

/**
 * The warning shown while any answer has not reached the server for a second, or while the browser
 * is offline: the answers are kept and sent by themselves, and "send now" tries at once.
 */
export function UnsentBanner({ pending, sending, failureMessage, paused = false, storageFailed = false, onRetry }: UnsentBannerProps) {
  const { t } = useTranslation('testing');
  const online = useOnline();
  // an alert for every answer on its way would interrupt the screen reader each time
  const slow = useLasting(pending > 0, SLOW_SAVE_MS);
  if (!slow && online) return null;

  const lines: string[] = [];
  if (pending > 0) lines.push(t('queue.pending', { count: pending }));
  if (!online) lines.push(t('queue.offline'));
  if (paused) lines.push(t('queue.paused'));
  else if (pending > 0) lines.push(t('queue.auto'));
  if (storageFailed) lines.push(t('queue.storageFailed'));
  if (failureMessage && pending > 0) lines.push(t('queue.reason', { message: failureMessage }));

  return (
    <Alert
      type="warning"
      showIcon
      icon={online ? <CloudUploadOutlined aria-hidden /> : <DisconnectOutlined aria-hidden />}
      role="alert"
      className="oqu-unsent"
      data-testid="unsent-answers"
      title={pending > 0 ? t('queue.title') : t('queue.offlineTitle')}
      description={lines.map((line) => (
        <p key={line} className="oqu-unsent-line">
          {line}
        </p>
      ))}
      action={
        pending > 0 ? (
          <Button onClick={onRetry} loading={sending} data-testid="send-now">
            {sending ? t('queue.sending') : t('queue.sendNow')}
          </Button>
        ) : undefined
      }
    />
  );
}
