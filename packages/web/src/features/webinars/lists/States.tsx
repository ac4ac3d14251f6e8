import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a webinar list or thread loads, announced once to screen readers. */
export function ListSkeleton({ rows = 4, testId = 'webinars-loading' }: { rows?: number; testId?: string }) {
  const { t } = useTranslation('webinars');
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid={testId} className="oqu-webinar-skeleton">
      <span className="oqu-visually-hidden">{t('common.loading')}</span>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}
