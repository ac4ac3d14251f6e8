import type { PlanTopics } from '@oqu/contracts';
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { expandIcon } from '../../components/tableDetails';
import { ExamStatus, PercentBar } from './Badges';
import type { PlanFormat } from './format';
import { completedCount, type PlanRow, planRows } from './plan';
import { ThematicPlan } from './ThematicPlan';
import type { TopicContext } from './TopicDetails';

/**
 * The plan's three rows (§4): production and theoretical training with hours done of total and
 * the share passed, then the exam. A training row expands into its thematic plan.
 */
export function PlanRowsTable({ topics, context, format }: { topics: PlanTopics; context: TopicContext; format: PlanFormat }) {
  const { t } = useTranslation('learner');
  const rows = planRows(topics);
  const rowName = (row: PlanRow) => (row.key === 'exam' ? t('exam.title') : format.typeName(row.typeId, row.statistic.Name));

  const columns: TableColumnsType<PlanRow> = [
    { key: 'number', title: t('rows.number'), width: 56, render: (_, row) => row.number },
    {
      key: 'name',
      title: t('rows.kind'),
      rowScope: 'row',
      render: (_, row) => (
        <span className="oqu-row-name">
          <span>{rowName(row)}</span>
          {row.key === 'exam' ? (
            row.exam.name && <span className="oqu-row-meta">{row.exam.name}</span>
          ) : (
            <span className="oqu-row-meta">
              {row.topics.length > 0
                ? `${t('rows.topicsCount', { count: row.topics.length })} · ${t('rows.completedOf', { done: completedCount(row.topics), total: row.topics.length })}`
                : t('rows.noTopics')}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'hours',
      title: t('rows.hours'),
      width: 150,
      render: (_, row) =>
        row.key === 'exam' ? '—' : <span className="oqu-nowrap">{format.hoursOf(row.statistic.Hour, row.statistic.TotalHour)}</span>,
    },
    {
      key: 'progress',
      title: t('rows.progress'),
      width: 260,
      render: (_, row) =>
        row.key === 'exam' ? (
          <ExamStatus exam={row.exam} />
        ) : (
          <PercentBar
            percent={row.statistic.Percent}
            format={format}
            label={t('hours.progressLabel', { name: rowName(row), percent: format.percent(row.statistic.Percent) })}
          />
        ),
    },
  ];

  return (
    <Table<PlanRow>
      className="oqu-plan-table oqu-list-table"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      onRow={(row) => ({ 'data-testid': `plan-row-${row.key}` }) as HTMLAttributes<HTMLElement>}
      expandable={{
        columnTitle: <span className="oqu-visually-hidden">{t('rows.expand')}</span>,
        expandIcon: expandIcon((row) => t('rows.expandOf', { name: rowName(row) })),
        rowExpandable: (row) => row.key !== 'exam' && row.topics.length > 0,
        expandedRowRender: (row) =>
          row.key === 'exam' ? null : <ThematicPlan title={rowName(row)} topics={row.topics} context={context} format={format} />,
      }}
    />
  );
}
