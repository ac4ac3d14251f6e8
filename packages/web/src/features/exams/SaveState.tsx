import { CheckOutlined, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether the examiner's votes are on their way or saved (they are saved as given), said politely to screen readers. */
export function SaveState({ saving, saved }: { saving: boolean; saved: boolean }) {
  const { t } = useTranslation('exams');
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="votes-save-state">
      {saving ? (
        <>
          <LoadingOutlined aria-hidden /> {t('results.saving')}
        </>
      ) : saved ? (
        <>
          <CheckOutlined aria-hidden /> {t('results.saved')}
        </>
      ) : (
        t('results.savedAsGiven')
      )}
    </Typography.Text>
  );
}
