import { AppstoreOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { SCORM_DURATION_MINUTES } from '@oqu/contracts';
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { ScormStatus } from '../../features/learner-plan/ScormStatus';
import { type LearnerScormPackage, useOwnScorms } from '../../features/scorm/api';
import { formatScore, formatSpent } from '../../features/scorm/format';
import { useScormPaths } from '../../features/scorm/paths';
import { currentLanguage } from '../../i18n';
import { useIsNarrow } from '../../lib/media';

/**
 * /user/scorm-package and, on a phone, /scorm-package: the SCORM courses of the trainee's plan with
 * their status, score, time spent and the fixed duration (learner-and-instructor.md §2, §9), each
 * opened in the player.
 */
export default function ScormPackagesPage() {
  const { t } = useTranslation('scorm');
  const list = useOwnScorms();
  const paths = useScormPaths();
  const locale = currentLanguage();
  // on a phone the open button shows its icon alone (its name stays for screen readers), as the lists' row actions do
  const narrow = useIsNarrow();
  const units = { h: t('units.h'), min: t('units.min'), s: t('units.s') };

  const columns: ListColumn<LearnerScormPackage>[] = [
    {
      title: t('list.name'),
      key: 'name',
      rowScope: 'row',
      // on a phone the status goes under the name: beside it, a long state and name do not fit the width
      render: (_, scorm) => (
        <Flex vertical align="start" gap={4}>
          <strong>{scorm.Name}</strong>
          {narrow && <ScormStatus progress={scorm.Progress} withScore={false} />}
        </Flex>
      ),
    },
    { title: t('list.topic'), key: 'topic', details: 'narrow', render: (_, scorm) => scorm.Topic.Name || '—' },
    {
      title: t('list.status'),
      key: 'status',
      details: 'narrow',
      render: (_, scorm) => <ScormStatus progress={scorm.Progress} withScore={false} />,
    },
    {
      title: t('list.score'),
      key: 'score',
      align: 'right',
      details: 'narrow',
      render: (_, scorm) => <span className="oqu-nowrap">{formatScore(scorm.Progress.Score, locale) ?? '—'}</span>,
    },
    {
      title: t('list.spent'),
      key: 'spent',
      details: 'narrow',
      render: (_, scorm) => <span className="oqu-nowrap">{formatSpent(scorm.Progress.TotalSeconds, units)}</span>,
    },
    {
      title: t('list.duration'),
      key: 'duration',
      details: 'narrow',
      render: (_, scorm) => <span className="oqu-nowrap">{t('list.minutes', { count: scorm.Duration ?? SCORM_DURATION_MINUTES })}</span>,
    },
    {
      title: <span className="oqu-visually-hidden">{t('list.actions')}</span>,
      key: 'open',
      render: (_, scorm) => (
        <ButtonLink
          to={paths.player(scorm.ID)}
          type="primary"
          size="small"
          icon={<PlayCircleOutlined aria-hidden />}
          aria-label={t('list.openOf', { name: scorm.Name })}
          data-testid={`scorm-open-${scorm.ID}`}
        >
          {narrow ? null : t(scorm.Progress.CompletionStatus === 'not attempted' ? 'list.open' : 'list.continue')}
        </ButtonLink>
      ),
    },
  ];
  const layout = useTableDetails(columns, undefined, (scorm) => scorm.Name);

  let body = <Skeleton active />;
  if (list.isError) body = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  else if (list.data && list.data.length === 0)
    body = <EmptyState icon={AppstoreOutlined} title={t('list.emptyTitle')} text={t('list.empty')} testId="scorm-empty" />;
  else if (list.data)
    body = (
      <Card className="oqu-card">
        <Table<LearnerScormPackage>
          {...layout}
          className="oqu-list-table"
          size="small"
          rowKey="ID"
          dataSource={list.data}
          pagination={false}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: <Empty description={t('list.empty')} /> }}
          onRow={(scorm) => ({ 'data-testid': `scorm-row-${scorm.ID}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
    );

  return (
    <section className="oqu-page">
      <PageTitle>{t('list.title')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('list.intro')}</Typography.Paragraph>
      {body}
    </section>
  );
}
