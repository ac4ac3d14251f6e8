import type { VisitLogPlan, VisitLogTopic } from '@oqu/contracts';
import { Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { formatHours } from '../../../features/catalogue/format';
import { usePlanAttendance } from '../../../features/visit-log/api';
import { attendanceText, scheduleText } from '../../../features/visit-log/format';
import { currentLanguage } from '../../../i18n';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/visitors-log (admin-back-office.md §2 Statistics and visit log): plans with how many of their
 * trainees completed them, paged by the server and searched by name (both in the URL), each opening
 * into its topics; a legend says what "completed" counts.
 */
export default function VisitorsLogPage() {
  const { t } = useTranslation('visitLog');
  const { page, search, setPage, setSearch } = useListParams();
  const list = usePlanAttendance({ page, search: search || undefined });

  const columns: ListColumn<VisitLogPlan>[] = [
    { title: t('plans.name'), dataIndex: 'Name', key: 'name' },
    { title: t('plans.attendance'), key: 'attendance', width: 180, render: (_, plan) => attendanceText(plan.Attendance) },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('plans.title')}
        searchLabel={t('plans.filters')}
        total={list.data && t('plans.total', { count: list.data.total })}
      >
        <SearchBox
          value={search}
          onSearch={setSearch}
          label={t('plans.search')}
          placeholder={t('plans.searchPlaceholder')}
          maxWidth={320}
        />
      </ListHeader>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('plans.legend')}
      </Typography.Paragraph>
      <PagedTable<VisitLogPlan>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(search ? 'plans.emptyFiltered' : 'plans.empty')}
        rowTestId="visit-plan"
        size="middle"
        rowLabel={(plan) => plan.Name}
        expandable={{ expandedRowRender: (plan) => <PlanTopics topics={plan.Topics} />, rowExpandable: () => true }}
      />
    </Flex>
  );
}

/** A plan's topics as a list (not a table), so that it fits a phone's width. */
function PlanTopics({ topics }: { topics: VisitLogTopic[] }) {
  const { t } = useTranslation('visitLog');
  const locale = currentLanguage();
  return (
    <List<VisitLogTopic>
      size="small"
      dataSource={topics}
      locale={{ emptyText: t('plans.noTopics') }}
      renderItem={(topic) => (
        <List.Item
          data-testid={`visit-topic-${topic.ID}`}
          actions={[
            <ButtonLink
              key="more"
              size="small"
              to={`/admin/visitors-log-theme/${topic.ID}`}
              aria-label={t('topics.moreOf', { name: topic.Name })}
            >
              {t('topics.more')}
            </ButtonLink>,
          ]}
        >
          <List.Item.Meta
            title={t('topics.title', { number: topic.Number, name: topic.Name })}
            description={
              <Flex gap={16} wrap>
                <span>{topic.Type}</span>
                <span>{t('topics.hours', { hours: formatHours(topic.TotalHour, locale) })}</span>
                <span>
                  {t('topics.date')}: {scheduleText(topic.Date, topic.Time)}
                </span>
                <Typography.Text strong>
                  {t('topics.attendance')}: {attendanceText(topic.Attendance)}
                </Typography.Text>
              </Flex>
            }
          />
        </List.Item>
      )}
    />
  );
}
