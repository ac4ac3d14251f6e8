import { FormOutlined } from '@ant-design/icons';
import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const content = (
    <div className="oqu-empty" data-testid="no-tests">
      <FormOutlined className="oqu-empty-icon" aria-hidden="true" />
      <Typography.Title level={level} className="oqu-empty-title">
        {t('list.emptyTitle')}
      </Typography.Title>
      <Typography.Paragraph className="oqu-empty-text">{t('list.emptyText')}</Typography.Paragraph>
    </div>
  );
  return bare ? content : <Card className="oqu-empty-card">{content}</Card>;
}
