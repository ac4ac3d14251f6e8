import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../../components/RecordText';
import { type ListColumn, useTableDetails } from '../../../components/tableDetails';
import type { TestingFormat } from '../format';
import type { UserTest } from '../types';
import { Analytics } from './Analytics';
import { StatusTag } from './StatusTag';
import { TestActionButton } from './TestActionButton';
import { TestOutcome } from './TestOutcome';

/**
 * /user/tests and the first tests of /user/main: number, test, topic, duration, date and time,
 * pass condition, status, result, analytics and the start button (learner-and-instructor.md §2, §3).
 * The table fits 1280 px with the button in view; the analytics go into the row's details there.
 */
export function TestsTable({ tests, format, caption }: { tests: readonly UserTest[]; format: TestingFormat; caption: string }) {
  const { t } = useTranslation('testing');
  const columns: ListColumn<UserTest>[] = [
    { key: 'number', title: t('list.number'), width: 48, render: (_, __, index) => index + 1 },
    {
      key: 'test',
      title: t('list.test'),
      rowScope: 'row',
      render: (_, test) => (
        <span className="oqu-test-name">
          <span>
            <RecordText>{test.Name}</RecordText>
          </span>
          {test.Topic && (
            <span className="oqu-test-meta">
              {t('list.topic')}: <RecordText>{test.Topic}</RecordText>
            </span>
          )}
          {test.Type && <span className="oqu-test-meta">{t('list.webinarTest')}</span>}
          {test.Description.trim() && (
            <span className="oqu-test-meta oqu-test-description">
              <RecordText>{test.Description}</RecordText>
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'date',
      title: t('list.date'),
      render: (_, test) =>
        test.Date ? (
          <span className="oqu-test-when">
            <span>{format.date(test.Date)}</span>
            <span>{format.time(test.Date)}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'duration',
      title: t('list.duration'),
      render: (_, test) => <span className="oqu-nowrap">{format.minutes(test.Duration)}</span>,
    },
    {
      key: 'pass',
      title: t('list.passCondition'),
      render: (_, test) => <span className="oqu-nowrap">{format.passCondition(test.PassMarks)}</span>,
    },
    {
      key: 'result',
      title: t('list.statusAndResult'),
      render: (_, test) => (
        <span className="oqu-test-standing">
          <StatusTag status={test.Status} format={format} />
          {test.Result !== null && <TestOutcome test={test} format={format} inline />}
        </span>
      ),
    },
    {
      key: 'analytics',
      title: t('list.analytics'),
      details: true,
      render: (_, test) => <Analytics analytics={test.Analytics} format={format} />,
    },
    {
      key: 'action',
      title: <span className="oqu-visually-hidden">{t('list.actions')}</span>,
      render: (_, test) => <TestActionButton test={test} layout="full" />,
    },
  ];
  const layout = useTableDetails(columns, undefined, (test) => test.Name);
  return (
    <Table<UserTest>
      {...layout}
      className="oqu-tests-table oqu-list-table"
      rowKey="ID"
      dataSource={[...tests]}
      pagination={false}
      size="middle"
      aria-label={caption}
      onRow={(test) => ({ 'data-testid': `test-row-${test.ID}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
