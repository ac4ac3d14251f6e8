import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { currentLanguage } from '../../i18n';
import { formatHours } from '../catalogue/format';
import { resultText } from './format';
import { StatusTag } from './StatusTag';
import type { JournalEntry } from './types';

interface UserJournalProps {
  entries: JournalEntry[];
  loading: boolean;
  /** the person follows no plan */
  noPlan: boolean;
}

/** The gradebook journal of one person (admin-back-office.md §2 Users, §3 Journal entry): a row per test of their plan. */
export function UserJournal({ entries, loading, noPlan }: UserJournalProps) {
  const { t } = useTranslation('retakes');
  // on a phone a row keeps the test and its status; the rest opens under the row
  const columns: ListColumn<JournalEntry>[] = [
    { title: t('journal.test'), key: 'test', render: (_, entry) => entry.Tests.Name },
    { title: t('journal.type'), dataIndex: 'Type', key: 'type', details: 'narrow' },
    { title: t('journal.number'), dataIndex: 'Number', key: 'number', details: 'narrow' },
    {
      title: t('journal.thematic'),
      key: 'thematic',
      details: 'narrow',
      render: (_, entry) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: entry.Thematic }} style={{ margin: 0, maxWidth: 260 }}>
          {entry.Thematic}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('journal.hours'),
      key: 'hours',
      align: 'right',
      details: 'narrow',
      render: (_, entry) => formatHours(entry.Studyhour, currentLanguage()),
    },
    {
      title: t('journal.result'),
      key: 'result',
      align: 'right',
      details: 'narrow',
      render: (_, entry) => (
        <span title={t('journal.resultOf', { passed: entry.Results.Passed, total: entry.Results.Total })}>{resultText(entry.Results)}</span>
      ),
    },
    { title: t('journal.status'), key: 'status', render: (_, entry) => <StatusTag status={entry.Status} /> },
    { title: t('journal.attempts'), dataIndex: 'Attempts', key: 'attempts', align: 'right', details: 'narrow' },
  ];
  const table = useTableDetails(columns, undefined, (entry) => entry.Tests.Name);
  return (
    <Table<JournalEntry>
      size="small"
      {...table}
      rowKey={(entry) => entry.Tests.ID}
      dataSource={entries}
      loading={loading}
      pagination={false}
      className="oqu-list-table"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(noPlan ? 'journal.noPlan' : 'journal.empty')} /> }}
    />
  );
}
