import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { TopicAttendee } from '@oqu/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useTopicAttendance } from '../../../features/visit-log/api';
import { scheduleText } from '../../../features/visit-log/format';
import { ResultTag } from '../../../features/visit-log/ResultTag';
import { RetakeAction } from '../../../features/visit-log/RetakeAction';
import { formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/visitors-log-theme/{id} (admin-back-office.md §2, §3): the trainees of a topic's plan with
 * their webinar attendance and test results, paged and searched in the URL; a retake is assigned in place.
 */
export default function TopicAttendancePage() {
  const { t } = useTranslation('visitLog');
  const topicId = Number(useParams().id);
  const { page, search, setPage, setSearch } = useListParams();
  const list = useTopicAttendance(topicId, { page, search: search || undefined });
  // on a phone the webinar and the result join the row's details too; the retake stays in view
  const topic = list.data?.topic;

  const columns: ListColumn<TopicAttendee>[] = [
    { title: t('trainees.id'), dataIndex: 'ID', key: 'id', width: 72, details: true },
    { title: t('trainees.fullname'), dataIndex: 'Fullname', key: 'fullname' },
    { title: t('trainees.department'), dataIndex: 'Department', key: 'department', details: true },
    { title: t('trainees.duty'), dataIndex: 'Duty', key: 'duty', details: true },
    { title: t('trainees.iin'), dataIndex: 'IIN', key: 'iin', details: true },
    { title: t('trainees.tabel'), dataIndex: 'Tabel', key: 'tabel', details: true },
    { title: t('trainees.date'), key: 'date', details: true, render: (_, row) => (row.Date ? formatDateTime(row.Date) : '—') },
    {
      title: t('trainees.webinar'),
      key: 'webinar',
      details: 'narrow',
      render: (_, row) =>
        row.Webinar ? (
          <CheckCircleFilled style={{ color: '#1f6b22' }} role="img" aria-label={t('trainees.attended')} />
        ) : (
          <MinusCircleOutlined style={{ color: '#595959' }} role="img" aria-label={t('trainees.notAttended')} />
        ),
    },
    {
      title: t('trainees.result'),
      key: 'result',
      details: 'narrow',
      render: (_, row) => (row.Tests[0] ? <ResultTag result={row.Tests[0]} /> : '—'),
    },
    {
      title: t('trainees.actions'),
      key: 'actions',
      render: (_, row) => (
        <Flex gap={8} wrap>
          <RetakeAction user={row} tests={row.Tests} />
          {/* every row leads down to the trainee, whatever the number of the topic's tests (none, one or many) */}
          <ButtonLink
            size="small"
            type="link"
            to={`/admin/visitors-log-user/${row.ID}/${topicId}`}
            aria-label={t('trainees.moreOf', { name: row.Fullname })}
          >
            {t('trainees.more')}
          </ButtonLink>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <div>
        <ButtonLink type="link" to="/admin/visitors-log" style={{ paddingInline: 0 }}>
          {t('trainees.back')}
        </ButtonLink>
      </div>
      <ListHeader
        title={topic ? t('trainees.title', { number: topic.Number, name: topic.Name }) : t('common:pages.visitorsLogTheme')}
        searchLabel={t('trainees.filters')}
        total={list.data && t('trainees.total', { count: list.data.total })}
      >
        <SearchBox
          value={search}
          onSearch={setSearch}
          label={t('trainees.search')}
          placeholder={t('trainees.searchPlaceholder')}
          maxWidth={320}
        />
      </ListHeader>
      {topic && (
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('trainees.plan')}: {topic.Plan} · {topic.Type} · {t('topics.date')}: {scheduleText(topic.Date, topic.Time)}
        </Typography.Paragraph>
      )}
      <PagedTable<TopicAttendee>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(search ? 'trainees.emptyFiltered' : 'trainees.empty')}
        rowTestId="visit-trainee"
        size="middle"
        rowLabel={(row) => row.Fullname}
      />
    </Flex>
  );
}
