import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { errorMessage } from '../users/api';
import { LinkButton } from '../users/LinkButton';

interface FormFrameProps {
  title: string;
  /** where the back link goes */
  listPath: string;
  maxWidth?: number;
  children: ReactNode;
}

/** Page title with a back link, and a card around a catalogue form. */
export function FormFrame({ title, listPath, maxWidth = 880, children }: FormFrameProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Flex vertical gap={16} style={{ maxWidth }}>
      <PageTitle extra={<LinkButton to={listPath}>{t('actions.back')}</LinkButton>}>{title}</PageTitle>
      <Card>{children}</Card>
    </Flex>
  );
}

/** The edit form's record while it loads, or why it could not be loaded (with a retry). */
export function LoadState({ error, onRetry, notFound }: { error?: unknown; onRetry?: () => void; notFound?: boolean }) {
  const { t } = useTranslation('catalogue');
  if (notFound) return <Alert type="error" showIcon title={t('errors.notFound')} />;
  if (error === undefined || error === null) return <Skeleton active />;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, t('errors.load'))}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )
      }
    />
  );
}

/** The `:id` route parameter: undefined on create, 'invalid' when it is not a positive integer. */
export function routeId(id: string | undefined): number | 'invalid' | undefined {
  if (id === undefined) return undefined;
  const numeric = Number(id);
  return Number.isInteger(numeric) && numeric > 0 ? numeric : 'invalid';
}
