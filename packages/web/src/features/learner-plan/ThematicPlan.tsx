import { InfoCircleOutlined } from '@ant-design/icons';
import type { PlanTopicRow } from '@oqu/contracts';
import { Button, Drawer, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../components/RecordText';
import { useIsNarrow } from '../../lib/media';
import { TopicStatus } from './Badges';
import type { PlanFormat } from './format';
import { topicNumber, topicSchedule, topicTitle } from './plan';
import { type TopicContext, TopicDetails } from './TopicDetails';
import { TopicScorm } from './TopicScorm';
import { TopicTests } from './TopicTests';

/**
 * The thematic plan of one topic type (the expanded plan row of /user/plan-education): number,
 * name, hours, date and time, status and tests per topic; "Details" opens everything about a topic.
 */
export function ThematicPlan({
  title,
  topics,
  context,
  format,
}: {
  title: string;
  topics: PlanTopicRow[];
  context: TopicContext;
  format: PlanFormat;
}) {
  const { t } = useTranslation('learner');
  const narrow = useIsNarrow();
  const [open, setOpen] = useState<PlanTopicRow | null>(null);

  const columns: TableColumnsType<PlanTopicRow> = [
    { key: 'number', title: t('topic.number'), width: 72, render: (_, topic) => topicNumber(topic) || '—' },
    {
      key: 'name',
      title: t('topic.name'),
      rowScope: 'row',
      render: (_, topic) => (
        <span className="oqu-topic-title">
          <RecordText>{topicTitle(topic)}</RecordText>
        </span>
      ),
    },
    {
      key: 'hours',
      title: t('topic.hours'),
      width: 90,
      render: (_, topic) => <span className="oqu-nowrap">{format.hours(topic.Studyhour)}</span>,
    },
    {
      key: 'date',
      title: t('topic.dateTime'),
      width: 110,
      render: (_, topic) => {
        const schedule = topicSchedule(topic.Date);
        return schedule ? (
          <span>
            <span className="oqu-nowrap">{schedule.date}</span> <span className="oqu-nowrap">{schedule.time}</span>
          </span>
        ) : (
          '—'
        );
      },
    },
    { key: 'status', title: t('topic.status'), width: 130, render: (_, topic) => <TopicStatus topic={topic} /> },
    {
      key: 'tests',
      title: t('topic.tests'),
      render: (_, topic) => (
        <>
          <TopicTests tests={topic.Tests} format={format} />
          <TopicScorm packages={topic.Scorm} />
        </>
      ),
    },
    {
      key: 'details',
      title: <span className="oqu-visually-hidden">{t('topic.details')}</span>,
      width: 130,
      render: (_, topic) => (
        <Button
          size="small"
          icon={<InfoCircleOutlined aria-hidden />}
          onClick={() => setOpen(topic)}
          aria-label={t('topic.detailsOf', { name: topicTitle(topic) })}
          aria-haspopup="dialog"
        >
          {t('topic.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="oqu-thematic oqu-plan-table oqu-list-table">
      <Typography.Title level={3} className="oqu-thematic-title">
        {t('rows.thematicPlan', { name: title })}
      </Typography.Title>
      <Table<PlanTopicRow>
        size="small"
        rowKey="ID"
        columns={columns}
        dataSource={topics}
        pagination={false}
        locale={{ emptyText: <Empty description={t('rows.noTopics')} /> }}
        onRow={(topic) => ({ 'data-testid': `topic-row-${topic.ID}` }) as HTMLAttributes<HTMLElement>}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? topicTitle(open) : ''}
        size={narrow ? '100%' : 560}
        destroyOnHidden
      >
        {open && (
          // the body scrolls: a focusable region lets the keyboard scroll it too
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard access to scrollable text
          <section tabIndex={0} aria-label={topicTitle(open)} className="oqu-drawer-content">
            <TopicDetails topic={open} context={context} format={format} level={3} />
          </section>
        )}
      </Drawer>
    </div>
  );
}
