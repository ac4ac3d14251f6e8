import { ArrowLeftOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type Exam, type ExamParticipant, type ExamRegionTable } from '@oqu/contracts';
import { Card, Empty, Table, Typography } from 'antd';
import { type HTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { ConnectionIndicator, parseRoomId, RoomGate } from '../rooms/RoomGate';
import { useRefetchAt, useServerNow, useServerOffset } from '../rooms/useServerNow';
import { type ExamTable, examsKeys, useExamTable } from './api';
import { ExamStatusPill } from './ExamPills';
import { AUDIENCE_PATH, examClocks, examinerNames, nextStatusChange } from './examRooms';
import { examDateTime } from './format';
import { useExamEvents } from './useExamEvents';
import { type ExamRoomsFormat, useExamRoomsFormat } from './useExamRoomsFormat';
import './examRooms.css';

/** Rows per page of a region's trainees: a region may send hundreds. */
const TRAINEES_PAGE_SIZE = 50;

/**
 * /admin/audience-region/{id} (learner-and-instructor.md §2, admin-back-office.md §2 Audience): the
 * exam's name, examiners and begin time, the time since the start and until the end ticking each
 * second on the server's clock ('-' when negative), and the region's trainees with their results
 * (GET /table/get answers a region account its own region only), pushed live by the exam's event
 * stream; back to /admin/audience.
 */
export function RegionRoom() {
  const { t } = useTranslation('examRooms');
  const id = parseRoomId(useParams().id);
  const query = useExamTable(id ?? undefined);
  return (
    <RoomGate<ExamTable>
      id={id}
      query={query}
      title={t('common:pages.audienceRegion')}
      backTo={AUDIENCE_PATH}
      backLabel={t('room.back')}
      texts={{ loading: t('room.loading'), notFoundTitle: t('room.notFoundTitle'), notFoundText: t('room.notFoundText') }}
    >
      {(table) => <Room table={table} receivedAt={query.dataUpdatedAt} />}
    </RoomGate>
  );
}

function Room({ table, receivedAt }: { table: ExamTable; receivedAt: number }) {
  const { t } = useTranslation('examRooms');
  const format = useExamRoomsFormat();
  const { exam } = table;
  const finished = exam.Status === EXAM_STATUS.Finished;
  // once over nothing the region sees changes: no stream, no polling
  const events = useExamEvents(exam.ID, { enabled: !finished });
  const offset = useServerOffset(exam.Now, receivedAt);
  useRefetchAt(examsKeys.table(exam.ID), nextStatusChange(exam), offset);

  return (
    <section className="oqu-page" data-testid="audience-room" data-status={exam.Status}>
      <PageTitle extra={!finished && <ConnectionIndicator state={events.state} />}>{exam.Name}</PageTitle>
      <ButtonLink to={AUDIENCE_PATH} type="link" icon={<ArrowLeftOutlined aria-hidden />} className="oqu-room-back">
        {t('room.back')}
      </ButtonLink>
      <Card className="oqu-card">
        <dl className="oqu-exam-room-facts">
          <div>
            <dt>{t('fields.status')}</dt>
            <dd>
              <ExamStatusPill status={exam.Status} testId="audience-room-status" />
            </dd>
          </div>
          <div>
            <dt>{t('fields.examiners')}</dt>
            <dd data-testid="audience-room-examiners">{examinerNames(exam) || '—'}</dd>
          </div>
          <div>
            <dt>{t('fields.begin')}</dt>
            <dd>{examDateTime(exam.BeginTime)}</dd>
          </div>
          <Clocks exam={exam} offset={offset} format={format} />
        </dl>
      </Card>
      {table.data.length === 0 ? (
        <Card className="oqu-card">
          <Empty description={t('room.noTrainees')} />
        </Card>
      ) : (
        table.data.map((group) => <RegionTrainees key={group.Region.ID} group={group} passMarks={exam.PassMarks} format={format} />)
      )}
    </section>
  );
}

/** Elapsed and remaining time, re-rendered alone each second. */
function Clocks({ exam, offset, format }: { exam: Exam; offset: number; format: ExamRoomsFormat }) {
  const { t } = useTranslation('examRooms');
  const now = useServerNow(offset);
  const { elapsed, remaining, until } = examClocks(exam, now);
  return (
    <>
      <div>
        <dt>{t('fields.elapsed')}</dt>
        <dd className="oqu-exam-clock" data-testid="audience-room-elapsed">
          {format.span(elapsed)}
        </dd>
      </div>
      <div>
        <dt>{t(until === 'start' ? 'fields.untilStart' : 'fields.remaining')}</dt>
        <dd className="oqu-exam-clock" data-testid="audience-room-remaining">
          {format.span(remaining)}
        </dd>
      </div>
    </>
  );
}

function RegionTrainees({ group, passMarks, format }: { group: ExamRegionTable; passMarks: number; format: ExamRoomsFormat }) {
  const { t } = useTranslation('examRooms');
  const headingId = useId();
  const columns: ListColumn<ExamParticipant>[] = [
    { key: 'number', title: t('fields.number'), width: 48, render: (_, __, index) => index + 1 },
    { key: 'name', title: t('fields.fullname'), rowScope: 'row', dataIndex: 'Fullname' },
    { key: 'department', title: t('fields.department'), details: true, render: (_, user) => user.Department || '—' },
    { key: 'duty', title: t('fields.duty'), details: true, render: (_, user) => user.Duty || '—' },
    {
      key: 'results',
      title: t('fields.results'),
      render: (_, user) => (
        <span className="oqu-exam-results" title={format.resultsLabel(user.Results)} data-testid={`trainee-results-${user.ID}`}>
          <span>{format.results(user.Results)}</span>
          {user.BelowPassMark && <span className="oqu-exam-meta">{t('results.belowPassMark', { count: passMarks })}</span>}
        </span>
      ),
    },
  ];
  const layout = useTableDetails(columns, undefined, (user) => user.Fullname);
  return (
    <section aria-labelledby={headingId} data-testid={`audience-region-${group.Region.ID}`}>
      <Card className="oqu-card">
        <div className="oqu-exam-region-head">
          <Typography.Title level={2} id={headingId} className="oqu-exam-region-title">
            {t('room.traineesOf', { region: group.Region.Fullname })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('room.count', { count: group.Users.length })}</Typography.Text>
        </div>
        <Table<ExamParticipant>
          {...layout}
          className="oqu-list-table"
          rowKey="ID"
          dataSource={group.Users}
          size="middle"
          pagination={{ pageSize: TRAINEES_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
          aria-labelledby={headingId}
          locale={{ emptyText: <Empty description={t('room.noTrainees')} /> }}
          onRow={(user) => ({ 'data-testid': `audience-trainee-${user.ID}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
    </section>
  );
}
