import { CalendarOutlined, HistoryOutlined, LoginOutlined, MessageOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Webinar } from '@oqu/contracts';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { type ComponentType, type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { useFaceCheckSettings } from '../../face/api';
import { FaceCheckModal } from '../../face/FaceCheck';
import { useLearnerWebinars } from '../api';
import { joinedByFaceCheck } from '../room/useJoinWebinar';
import { RecordingButton } from '../stream/Recording';
import { StartsCountdown } from './Countdown';
import { whenColumns } from './columns';
import { useWebinarFormat } from './format';
import { useNow, useReloadWhenDue } from './hooks';
import { type Layout, LEARNER_PATHS } from './paths';
import { ListSkeleton } from './States';
import { groupLearnerWebinars, type LearnerGroups } from './status';
import './lists.css';
import { RecordText } from '../../../components/RecordText';

type GroupKey = keyof LearnerGroups<Webinar>;

const GROUP_ICONS: Record<GroupKey, ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>> = {
  current: PlayCircleOutlined,
  upcoming: CalendarOutlined,
  past: HistoryOutlined,
};

/**
 * The trainee's webinars in three groups (learner-and-instructor.md §2 /user/webinars and /webinars):
 * current (join, ask a question), upcoming (countdown in days, hours, minutes), past (ask, with an
 * unread marker when the teacher answered; the recording when kept). Each group says when it is empty.
 */
export function LearnerWebinars({ layout }: { layout: Layout }) {
  const { t } = useTranslation('webinars');
  const list = useLearnerWebinars();
  const now = useNow();
  useReloadWhenDue(list.data, now, () => void list.refetch());

  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <ListSkeleton rows={6} />;

  const groups = groupLearnerWebinars(list.data);
  return (
    <Flex vertical gap={layout === 'full' ? 8 : 16}>
      {(['current', 'upcoming', 'past'] as const).map((group) => (
        <LearnerGroup key={group} group={group} webinars={groups[group]} layout={layout} now={now} title={t(`learner.groups.${group}`)} />
      ))}
    </Flex>
  );
}

interface GroupProps {
  group: GroupKey;
  webinars: Webinar[];
  layout: Layout;
  now: number;
  title: string;
}

function LearnerGroup({ group, webinars, layout, now, title }: GroupProps) {
  const { t } = useTranslation('webinars');
  const headingId = useId();
  const Icon = GROUP_ICONS[group];
  const empty = <EmptyState icon={Icon} level={3} bare text={t(`learner.empty.${group}`)} testId={`webinars-${group}-empty`} />;
  return (
    <section aria-labelledby={headingId} className="oqu-webinar-group" data-testid={`webinars-${group}`}>
      <Typography.Title level={2} id={headingId} className="oqu-webinar-group-title">
        {title}
        {webinars.length > 0 && <span className="oqu-webinar-group-count">{webinars.length}</span>}
      </Typography.Title>
      {layout === 'full' ? (
        <Card className="oqu-card oqu-webinar-table-card">
          {webinars.length === 0 ? empty : <LearnerTable group={group} webinars={webinars} now={now} />}
        </Card>
      ) : webinars.length === 0 ? (
        <Card className="oqu-card">{empty}</Card>
      ) : (
        <ul className="oqu-webinar-cards" aria-labelledby={headingId}>
          {webinars.map((webinar) => (
            <li key={webinar.ID} data-testid={`learner-webinar-${webinar.ID}`}>
              <LearnerCard group={group} webinar={webinar} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LearnerTable({ group, webinars, now }: { group: GroupKey; webinars: Webinar[]; now: number }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const columns: TableColumnsType<Webinar> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, webinar) => <WebinarName webinar={webinar} />,
    },
    { title: t('fields.teacher'), key: 'teacher', render: (_, webinar) => webinar.Teacher.Fullname || '—' },
    ...whenColumns(t, format),
    {
      title: group === 'upcoming' ? t('learner.countdown') : t('learner.actions'),
      key: 'actions',
      width: 250,
      render: (_, webinar) => <LearnerActions group={group} webinar={webinar} now={now} layout="full" />,
    },
  ];
  return (
    <Table<Webinar>
      rowKey="ID"
      columns={columns}
      dataSource={webinars}
      size="middle"
      tableLayout="fixed"
      className="oqu-list-table"
      onRow={(webinar) => ({ 'data-testid': `learner-webinar-${webinar.ID}` }) as HTMLAttributes<HTMLElement>}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

function LearnerCard({ group, webinar, now }: { group: GroupKey; webinar: Webinar; now: number }) {
  const format = useWebinarFormat();
  return (
    <Card className="oqu-card oqu-webinar-card">
      <div className="oqu-webinar-card-head">
        <span className="oqu-webinar-card-when">{format.dateTime(webinar.Startdate)}</span>
        <span className="oqu-webinar-card-when">{format.minutes(webinar.Duration)}</span>
      </div>
      <WebinarName webinar={webinar} heading />
      {webinar.Teacher.Fullname && <p className="oqu-webinar-card-meta">{webinar.Teacher.Fullname}</p>}
      <LearnerActions group={group} webinar={webinar} now={now} layout="compact" />
    </Card>
  );
}

/** The name with the plan and topic under it; an unread marker when the teacher has answered. */
function WebinarName({ webinar, heading = false }: { webinar: Webinar; heading?: boolean }) {
  const name = heading ? (
    <Typography.Title level={3} className="oqu-webinar-card-title">
      <RecordText>{webinar.Webinarname}</RecordText>
    </Typography.Title>
  ) : (
    <Typography.Text strong>
      <RecordText>{webinar.Webinarname}</RecordText>
    </Typography.Text>
  );
  return (
    <Flex vertical gap={2} style={{ maxWidth: heading ? undefined : 280 }}>
      <Flex gap={8} align="center" wrap>
        {name}
        {webinar.MessageStatus && <UnreadMarker id={webinar.ID} />}
      </Flex>
      {/* the trainee's webinars are all of their own plan: the topic tells them apart */}
      {webinar.Topicname && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {webinar.Topicname}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function UnreadMarker({ id }: { id: number }) {
  const { t } = useTranslation('webinars');
  return (
    <span className="oqu-unread" data-testid={`webinar-unread-${id}`}>
      <span className="oqu-unread-dot" aria-hidden />
      {t('learner.unread')}
    </span>
  );
}

/** Join and ask (current), the countdown (upcoming), ask and the recording when kept (past). */
export function LearnerActions({ group, webinar, now, layout }: { group: GroupKey; webinar: Webinar; now: number; layout: Layout }) {
  const { t } = useTranslation('webinars');
  if (group === 'upcoming') return <StartsCountdown startdate={webinar.Startdate} now={now} testId={`webinar-countdown-${webinar.ID}`} />;
  const block = layout === 'compact';
  return (
    <Flex gap={8} wrap className={block ? 'oqu-webinar-card-actions' : undefined}>
      {group === 'current' && <JoinButton webinar={webinar} layout={layout} />}
      <AskButton webinar={webinar} layout={layout}>
        {t('learner.ask')}
      </AskButton>
      {group === 'past' && <RecordingButton webinar={webinar} />}
    </Flex>
  );
}

/**
 * 'Join': the room, or with the face check required the check first (learner-and-instructor.md §4)
 * — a dialog here, the /face page in the compact layout — whose match records the join and opens
 * the room.
 */
function JoinButton({ webinar, layout }: { webinar: Webinar; layout: Layout }) {
  const { t } = useTranslation('webinars');
  const navigate = useNavigate();
  const face = useFaceCheckSettings();
  const [checking, setChecking] = useState(false);
  const room = LEARNER_PATHS[layout].room(webinar.ID);
  const common = {
    type: 'primary' as const,
    icon: <LoginOutlined aria-hidden />,
    'aria-label': t('learner.joinOf', { name: webinar.Webinarname }),
    'data-testid': `webinar-join-${webinar.ID}`,
    children: t('learner.join'),
  };
  if (!face.required) return <ButtonLink to={room} {...common} />;
  if (layout === 'compact') return <ButtonLink to={`/face?web=${webinar.ID}`} {...common} />;
  return (
    <>
      <Button {...common} aria-haspopup="dialog" onClick={() => setChecking(true)} />
      <FaceCheckModal
        open={checking}
        target={{ WebID: webinar.ID }}
        seconds={face.seconds}
        onCancel={() => setChecking(false)}
        onMatch={() => {
          joinedByFaceCheck(webinar.ID);
          navigate(room);
        }}
      />
    </>
  );
}

/**
 * "Ask a question": the full layout opens the question form in a new tab, as the spec says; the
 * compact one goes to its ask-or-continue screen.
 */
function AskButton({ webinar, layout, children }: { webinar: Webinar; layout: Layout; children: ReactNode }) {
  const { t } = useTranslation('webinars');
  const to = LEARNER_PATHS[layout].ask(webinar.ID);
  const href = useHref(to);
  const common = {
    icon: <MessageOutlined aria-hidden />,
    'data-testid': `webinar-ask-${webinar.ID}`,
  };
  if (layout === 'compact')
    return (
      <ButtonLink to={to} {...common} aria-label={t('learner.askOf', { name: webinar.Webinarname })}>
        {children}
      </ButtonLink>
    );
  return (
    <Button href={href} target="_blank" rel="noopener" {...common} aria-label={t('learner.askNewTabOf', { name: webinar.Webinarname })}>
      {children}
    </Button>
  );
}
