import { CheckOutlined, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLOW_SAVE_MS, useLasting } from '../../lib/useLasting';

/**
 * What the examiner's last vote did once it is saved (`saved`, e.g. "Name: Accepted — saved"), said
 * politely to screen readers; "Saving…" only when a save takes longer than a second — a quicker
 * one is announced by its outcome alone.
 */
export function SaveState({ saving, saved }: { saving: boolean; saved: string | null }) {
  const { t } = useTranslation('exams');
  const slow = useLasting(saving, SLOW_SAVE_MS);
  return (
    <Typography.Text type="secondary" role="status" data-testid="votes-save-state">
      {slow ? (
        <>
          <LoadingOutlined aria-hidden /> {t('results.saving')}
        </>
      ) : saved ? (
        <>
          <CheckOutlined aria-hidden /> {saved}
        </>
      ) : (
        t('results.savedAsGiven')
      )}
    </Typography.Text>
  );
}
