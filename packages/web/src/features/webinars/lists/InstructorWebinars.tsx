import { CheckOutlined, FormOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Webinar } from '@oqu/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api';
import { useIsNarrow } from '../../../lib/media';
import { startWebinar, useWebinarMutation } from '../api';
import { RecordingButton } from '../stream/Recording';
import { WebinarStatusTag } from '../WebinarStatusTag';
import { OpensCountdown } from './Countdown';
import { whenColumns } from './columns';
import { useWebinarFormat } from './format';
import { useNow, useReloadWhenDue } from './hooks';
import { INSTRUCTOR_PATHS, type Layout } from './paths';
import { ListSkeleton } from './States';
import { groupLearnerWebinars, webinarStatusKey } from './status';
import './lists.css';

interface InstructorWebinarsProps {
  layout: Layout;
  /** the webinars to list, e.g. useTeacherWebinars() */
  query: UseQueryResult<Webinar[]>;
  /** the caller may start a room (the teacher, an administrator); an examiner only reads */
  canStart: boolean;
  /** links to the webinar's tests (the teacher's screen) */
  withTests?: boolean;
}

/**
 * The instructor's webinars (admin-back-office.md §2 /admin/webinar, §4; learner-and-instructor.md §4
 * instructor): waiting → the countdown to 30 minutes before the start, ticking each second; in
 * progress → "start", which posts the start and opens the conducting room; finished → a disabled
 * "completed". What is on now comes first, then the next ones, then the past.
 */
export function InstructorWebinars({ layout, query, canStart, withTests = true }: InstructorWebinarsProps) {
  const { t } = useTranslation('webinars');
  const now = useNow();
  const narrow = useIsNarrow();
  useReloadWhenDue(query.data, now, () => void query.refetch());

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListSkeleton />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={VideoCameraOutlined}
        title={t('teacher.emptyTitle')}
        text={t('teacher.emptyText')}
        testId="teacher-webinars-empty"
      />
    );

  const groups = groupLearnerWebinars(query.data);
  const webinars = [...groups.current, ...groups.upcoming, ...groups.past];
  const props = { now, canStart, withTests, layout };
  // cards on a phone in either layout: the table's columns do not fit its width
  if (layout === 'compact' || narrow) {
    return (
      <ul className="oqu-webinar-cards" aria-label={t('teacher.title')}>
        {webinars.map((webinar) => (
          <li key={webinar.ID} data-testid={`teacher-webinar-${webinar.ID}`}>
            <InstructorWebinarCard webinar={webinar} {...props} />
          </li>
        ))}
      </ul>
    );
  }
  return <InstructorWebinarTable webinars={webinars} {...props} />;
}

interface RowProps {
  now: number;
  canStart: boolean;
  withTests: boolean;
  layout: Layout;
}

function InstructorWebinarTable({ webinars, ...props }: RowProps & { webinars: Webinar[] }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const columns: TableColumnsType<Webinar> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, webinar) => (
        <Flex vertical gap={2} style={{ maxWidth: 300 }}>
          <Typography.Text strong>{webinar.Webinarname}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[webinar.Planname, webinar.Topicname].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    ...whenColumns(t, format),
    { title: t('fields.status'), key: 'status', render: (_, webinar) => <WebinarStatusTag status={webinar.Status} /> },
    { title: t('teacher.control'), key: 'control', render: (_, webinar) => <StartControl webinar={webinar} {...props} /> },
  ];
  if (props.withTests) {
    columns.push({
      title: t('teacher.tests'),
      key: 'tests',
      render: (_, webinar) => <TestsLink webinar={webinar} layout={props.layout} />,
    });
  }
  return (
    <Card className="oqu-card oqu-webinar-table-card">
      <Table<Webinar>
        rowKey="ID"
        columns={columns}
        dataSource={webinars}
        size="middle"
        className="oqu-list-table"
        onRow={(webinar) => ({ 'data-testid': `teacher-webinar-${webinar.ID}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}

function InstructorWebinarCard({ webinar, ...props }: RowProps & { webinar: Webinar }) {
  const format = useWebinarFormat();
  return (
    <Card className="oqu-card oqu-webinar-card">
      <div className="oqu-webinar-card-head">
        <WebinarStatusTag status={webinar.Status} />
        <span className="oqu-webinar-card-when">{format.dateTime(webinar.Startdate)}</span>
      </div>
      <Typography.Title level={2} className="oqu-webinar-card-title">
        {webinar.Webinarname}
      </Typography.Title>
      <p className="oqu-webinar-card-meta">
        {[webinar.Planname, webinar.Topicname, format.minutes(webinar.Duration)].filter(Boolean).join(' · ')}
      </p>
      <Flex gap={8} wrap align="center">
        <StartControl webinar={webinar} {...props} />
        {props.withTests && <TestsLink webinar={webinar} layout={props.layout} />}
      </Flex>
    </Card>
  );
}

/** Countdown, start or the disabled "completed" (with its recording when kept), by status. */
function StartControl({ webinar, now, canStart, layout }: RowProps & { webinar: Webinar }) {
  const { t } = useTranslation('webinars');
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const start = useWebinarMutation(startWebinar);
  const [starting, setStarting] = useState(false);
  const key = webinarStatusKey(webinar.Status);

  if (key === 'waiting')
    return <OpensCountdown startdate={webinar.Startdate} now={now} testId={`teacher-webinar-countdown-${webinar.ID}`} />;
  if (key === 'finished')
    return (
      <Flex gap={8} wrap>
        <Button icon={<CheckOutlined aria-hidden />} disabled data-testid={`teacher-webinar-done-${webinar.ID}`}>
          {t('teacher.completed')}
        </Button>
        <RecordingButton webinar={webinar} />
      </Flex>
    );
  if (!canStart) return null;

  async function begin() {
    setStarting(true);
    try {
      await start.mutateAsync(webinar.ID);
      navigate(INSTRUCTOR_PATHS[layout].conduct(webinar.ID));
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Button
      type="primary"
      icon={<PlayCircleOutlined aria-hidden />}
      loading={starting}
      onClick={() => void begin()}
      aria-label={t(webinar.StartedAt ? 'teacher.resumeOf' : 'teacher.startOf', { name: webinar.Webinarname })}
      data-testid={`teacher-webinar-start-${webinar.ID}`}
    >
      {t(webinar.StartedAt ? 'teacher.resume' : 'teacher.start')}
    </Button>
  );
}

function TestsLink({ webinar, layout }: { webinar: Webinar; layout: Layout }) {
  const { t } = useTranslation('webinars');
  return (
    <ButtonLink
      to={INSTRUCTOR_PATHS[layout].tests(webinar.ID)}
      icon={<FormOutlined aria-hidden />}
      aria-label={t('teacher.testsOf', { name: webinar.Webinarname, count: webinar.Testcount })}
      data-testid={`teacher-webinar-tests-${webinar.ID}`}
    >
      {t('teacher.testsCount', { count: webinar.Testcount })}
    </ButtonLink>
  );
}
