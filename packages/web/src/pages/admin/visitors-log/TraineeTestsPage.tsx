import type { TestAttendance } from '@oqu/contracts';
import { Empty, Flex, Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { type ListColumn, useTableDetails } from '../../../components/tableDetails';
import { useTraineeTests } from '../../../features/visit-log/api';
import { ResultTag } from '../../../features/visit-log/ResultTag';
import { RetakeAction } from '../../../features/visit-log/RetakeAction';

/** /admin/visitors-log-user/{id}/{themeId} (admin-back-office.md §3 User test attendance): a trainee's tests of a topic, each with a retake. */
export default function TraineeTestsPage() {
  const { t } = useTranslation('visitLog');
  const params = useParams();
  const userId = Number(params.id);
  const topicId = Number(params.themeId);
  const tests = useTraineeTests(userId, topicId);
  const user = tests.data?.user;

  const columns: ListColumn<TestAttendance>[] = [
    { title: t('tests.name'), dataIndex: 'Test', key: 'test' },
    { title: t('tests.topic'), dataIndex: 'Topic', key: 'topic', details: true },
    { title: t('tests.duration'), key: 'duration', details: true, render: (_, test) => t('tests.minutes', { count: test.Duration }) },
    { title: t('tests.questions'), dataIndex: 'Questions', key: 'questions', details: true },
    { title: t('tests.result'), key: 'result', details: 'narrow', render: (_, test) => <ResultTag result={test} counts /> },
    { title: t('trainees.actions'), key: 'actions', render: (_, test) => user && <RetakeAction user={user} tests={[test]} /> },
  ];
  const layout = useTableDetails(columns, undefined, (test) => test.Test);

  return (
    <Flex vertical gap={16}>
      <div>
        <ButtonLink type="link" to={`/admin/visitors-log-theme/${topicId}`} style={{ paddingInline: 0 }}>
          {t('tests.back')}
        </ButtonLink>
      </div>
      <PageTitle>{user ? t('tests.title', { name: user.Fullname }) : t('common:pages.visitorsLogUser')}</PageTitle>
      {user && (
        <Typography.Paragraph style={{ margin: 0 }}>
          {[user.Department, user.Duty, user.Tabel && `${t('trainees.tabel')}: ${user.Tabel}`].filter(Boolean).join(' · ')}
        </Typography.Paragraph>
      )}
      {tests.isError && <LoadError error={tests.error} onRetry={() => tests.refetch()} />}
      <Table<TestAttendance>
        {...layout}
        className="oqu-list-table"
        rowKey="ID"
        size="middle"
        dataSource={tests.data?.data ?? []}
        loading={tests.isFetching}
        pagination={false}
        onRow={(test) => ({ 'data-testid': `visit-test-${test.ID}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description={t('tests.empty')} /> }}
      />
    </Flex>
  );
}
