import { FormOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

/** Placeholder rows while the tests load. */
export function TestsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('testing');
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="tests-loading">
      <span className="oqu-visually-hidden">{t('list.loading')}</span>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** The trainee's plan has no tests (or no plan is assigned yet). */
export function NoTests({ bare = false, level = 2 }: { bare?: boolean; level?: 2 | 3 }) {
  const { t } = useTranslation('testing');
  return (
    <EmptyState icon={FormOutlined} title={t('list.emptyTitle')} text={t('list.emptyText')} level={level} bare={bare} testId="no-tests" />
  );
}
