import { LoginOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type Exam } from '@oqu/contracts';
import { Empty, Flex, Grid, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { useMyExams } from './api';
import { ExamStatusPill } from './ExamPills';
import { audienceRoomPath } from './examRooms';
import { useExamRoomsFormat } from './useExamRoomsFormat';
import './examRooms.css';

/**
 * /admin/audience (admin-back-office.md §2 Audience, §4): the exams the region account's region
 * takes part in (GET /api/exam/getexam answers a region exactly its exams) with name, plan, date,
 * status (blue while 'В процессе', else grey) and a connect button to /admin/audience-region/{id}.
 * On narrow screens the date and status join the exam's cell, so the button stays in view.
 */
export function AudienceExams() {
  const { t } = useTranslation('examRooms');
  const format = useExamRoomsFormat();
  const exams = useMyExams();
  const narrow = !(Grid.useBreakpoint().md ?? true);

  const when = (exam: Exam) => (
    <span className="oqu-exam-when">
      <span>{format.date(exam.BeginTime)}</span>
      <span>{format.time(exam.BeginTime)}</span>
    </span>
  );
  const columns: ListColumn<Exam>[] = [
    {
      key: 'exam',
      title: t('fields.exam'),
      rowScope: 'row',
      render: (_, exam) => (
        <span className="oqu-exam-audience-name">
          <span>{exam.Name}</span>
          <span className="oqu-exam-meta">
            {t('fields.plan')}: {exam.Plan}
          </span>
          {narrow && (
            <>
              <span className="oqu-exam-meta">{format.dateTime(exam.BeginTime)}</span>
              <span>
                <ExamStatusPill status={exam.Status} />
              </span>
            </>
          )}
        </span>
      ),
    },
    ...(narrow
      ? []
      : [
          { key: 'date', title: t('fields.dateTime'), render: (_: unknown, exam: Exam) => when(exam) },
          { key: 'status', title: t('fields.status'), render: (_: unknown, exam: Exam) => <ExamStatusPill status={exam.Status} /> },
        ]),
    {
      key: 'action',
      title: <span className="oqu-visually-hidden">{t('fields.actions')}</span>,
      render: (_, exam) => <ConnectButton exam={exam} />,
    },
  ];
  const layout = useTableDetails(columns, undefined, (exam) => exam.Name);

  return (
    <Flex vertical gap={16} className="oqu-page">
      <PageTitle>{t('common:section.audience')}</PageTitle>
      {exams.isError && <LoadError error={exams.error} onRetry={() => void exams.refetch()} />}
      <Table<Exam>
        {...layout}
        className="oqu-list-table"
        rowKey="ID"
        dataSource={exams.data ?? []}
        loading={exams.isFetching}
        pagination={false}
        aria-label={t('audience.caption')}
        locale={{ emptyText: <Empty description={t('audience.empty')} /> }}
        onRow={(exam) => ({ 'data-testid': `audience-exam-${exam.ID}`, 'data-status': exam.Status }) as HTMLAttributes<HTMLElement>}
      />
    </Flex>
  );
}

function ConnectButton({ exam }: { exam: Exam }) {
  const { t } = useTranslation('examRooms');
  return (
    <ButtonLink
      to={audienceRoomPath(exam.ID)}
      type={exam.Status === EXAM_STATUS.Live ? 'primary' : 'default'}
      icon={<LoginOutlined aria-hidden />}
      aria-label={t('audience.connectTo', { name: exam.Name })}
      data-testid={`audience-connect-${exam.ID}`}
    >
      {t('audience.connect')}
    </ButtonLink>
  );
}
