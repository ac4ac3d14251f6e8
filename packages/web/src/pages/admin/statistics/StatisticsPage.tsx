import { BarChartOutlined } from '@ant-design/icons';
import { Collapse, DatePicker, Flex, Progress, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { useStatistics } from '../../../features/statistics/api';
import { FigureDetails } from '../../../features/statistics/FigureDetails';
import { figuresOf, percentOf } from '../../../features/statistics/figures';
import { ReportButton } from '../../../features/statistics/ReportButton';
import { useStatisticsFilter } from '../../../features/statistics/useStatisticsFilter';
import { planOptions } from '../../../features/tests/components/PlanTopicFilter';
import { DATE_FORMAT } from '../../../lib/dates';

const DAY = 'YYYY-MM-DD';

/**
 * /admin/statistics (issue «Results», admin-back-office.md §2 Statistics): course completion, test
 * turnout and certification as three rows, each saying what it counts and opening into its
 * departments and a chart; the plan and the days (kept in the URL) filter them and the report
 * downloaded from here, whose figures are these.
 */
export default function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const { filter, update } = useStatisticsFilter();
  const statistics = useStatistics(filter);
  const catalogue = usePlansAndTopics();
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null;

  return (
    <>
      <PageTitle extra={<ReportButton kind="admin" filter={filter} />}>{t('title')}</PageTitle>
      <Flex gap={12} wrap role="search" align="center" aria-label={t('filters.label')} className="oqu-statistics-filters">
        <Select<number>
          aria-label={t('filters.plan')}
          placeholder={t('filters.allPlans')}
          className="oqu-statistics-plan"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={catalogue.isPending}
          value={filter.plan}
          onChange={(plan) => update({ plan: plan ?? null })}
          options={planOptions(catalogue.data)}
          notFoundContent={catalogue.isError ? t('common:errors.load') : undefined}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.period')}
          placeholder={[t('filters.from'), t('filters.to')]}
          format={DATE_FORMAT}
          value={range}
          onChange={(days) => update({ from: days?.[0]?.format(DAY) ?? null, to: days?.[1]?.format(DAY) ?? null })}
        />
        {(filter.from || filter.to) && <Typography.Text type="secondary">{t('filters.hint')}</Typography.Text>}
      </Flex>
      {statistics.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : statistics.isError ? (
        <LoadError error={statistics.error} onRetry={() => statistics.refetch()} />
      ) : statistics.data.TotalCourse.Total === 0 ? (
        <EmptyState icon={BarChartOutlined} title={t('emptyTitle')} text={t('empty')} />
      ) : (
        <Collapse
          className="oqu-statistics"
          aria-busy={statistics.isFetching}
          items={figuresOf(statistics.data).map((figure) => ({
            key: figure.key,
            label: (
              <Flex vertical gap={4}>
                <Flex wrap gap={12} align="center" className="oqu-figure-head">
                  <span className="oqu-figure-name">{t(`figures.${figure.key}`)}</span>
                  <span className="oqu-figure-count" data-testid={`figure-count-${figure.key}`}>
                    {t('passedOf', { passed: figure.total.Passed, total: figure.total.Total })}
                  </span>
                  <Progress
                    className="oqu-figure-bar"
                    percent={percentOf(figure.total)}
                    strokeColor={figure.colour}
                    aria-label={t(`figures.${figure.key}`)}
                  />
                </Flex>
                {/* what the figure counts, of whom: the same words as the report's */}
                <Typography.Text type="secondary" className="oqu-figure-counts">
                  {t(`counts.${figure.key}`)}
                </Typography.Text>
              </Flex>
            ),
            children: <FigureDetails figure={figure} />,
          }))}
        />
      )}
    </>
  );
}
