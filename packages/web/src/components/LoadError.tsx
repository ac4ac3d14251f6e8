import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

/** Why something could not be loaded (the server's message when it gave one), with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, t('errors.load'))}
      action={
        <Button size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
