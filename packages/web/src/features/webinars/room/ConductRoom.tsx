import { CheckCircleOutlined, ClockCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import { runsWebinar, sitsInWebinarRooms, WEBINAR_STATUS, type WebinarDetails } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { ConnectionIndicator, parseRoomId, RoomGate } from '../../rooms/RoomGate';
import { formatSpan, secondsBetween } from '../../rooms/time';
import { useRefetchAt, useServerNow, useServerOffset } from '../../rooms/useServerNow';
import { endWebinar, startWebinar, useWebinar, useWebinarTests, webinarsKeys } from '../api';
import { endOutcome } from '../lists/tests';
import { Broadcaster } from '../stream/Broadcaster';
import { StreamPlayer } from '../stream/StreamPlayer';
import { WebinarStatusTag } from '../WebinarStatusTag';
import { OnlineCount } from './OnlineCount';
import { type RoomLayout, roomPaths } from './paths';
import { StreamFrame, TestsCounter } from './RoomBits';
import { RoomChat } from './RoomChat';
import { RoomDocuments } from './RoomDocuments';
import { opensAt } from './time';
import { useWebinarEvents } from './useWebinarEvents';

/**
 * The teacher's conducting room, both layouts (admin-back-office.md §2 start-webinar;
 * learner-and-instructor.md §2 /webinar-start/{id}, §4): the stream — the outside stream page with
 * the teacher flag when one is configured, else the teacher's own broadcast (others in the room
 * watch it) — the end button with confirmation, online/total with the popup, tests count, chat and documents.
 * Who does not run the webinar (an examiner on the compact instructor screens) reads it: no end,
 * no uploads, no chat input, and no event stream — the room polls.
 */
export function ConductRoom({ layout }: { layout: RoomLayout }) {
  const { t } = useTranslation('rooms');
  const id = parseRoomId(useParams().id);
  const query = useWebinar(id ?? undefined);
  return (
    <RoomGate
      id={id}
      query={query}
      title={t('common:pages.webinarConduct')}
      backTo={roomPaths.teacherList(layout)}
      backLabel={t('actions.backToMine')}
    >
      {(webinar) => (
        <Room
          layout={layout}
          webinar={webinar}
          receivedAt={query.dataUpdatedAt}
          refetch={() => void query.refetch()}
          fetching={query.isFetching}
        />
      )}
    </RoomGate>
  );
}

interface RoomProps {
  layout: RoomLayout;
  webinar: WebinarDetails;
  receivedAt: number;
  refetch: () => void;
  fetching: boolean;
}

/** Until the room opens (30 minutes before the start): the time left, ticking each second (§4). */
function Countdown({ webinar, offset }: { webinar: WebinarDetails; offset: number }) {
  const { t } = useTranslation('rooms');
  const now = useServerNow(offset);
  const left = secondsBetween(now, opensAt(webinar.BeginTime));
  return (
    <div className="oqu-room-notice" data-testid="room-countdown">
      <ClockCircleOutlined className="oqu-room-notice-icon" aria-hidden />
      <Typography.Text strong>{t('teacher.countdownTitle')}</Typography.Text>
      <span className="oqu-room-countdown" role="timer" aria-live="off">
        {formatSpan(Math.max(0, left), (days) => t('time.days', { count: days }))}
      </span>
      <Typography.Text className="oqu-muted">{t('teacher.countdownText', { time: formatDateTime(webinar.BeginTime) })}</Typography.Text>
    </div>
  );
}

/** What ending does for the attendees, as the tests say now; until they are read, only that the end is final. */
function EndText({ webinarId }: { webinarId: number }) {
  const { t } = useTranslation('rooms');
  const tests = useWebinarTests(webinarId);
  const outcome = tests.data ? endOutcome(tests.data) : null;
  return (
    <div data-testid="room-end-text" data-outcome={outcome?.kind}>
      {outcome && (
        <Typography.Paragraph>
          {outcome.kind === 'opensTest'
            ? t('teacher.endOpensTest', { name: outcome.test.Test, duration: t('common:units.minute', { count: outcome.test.Duration }) })
            : outcome.kind === 'toTest'
              ? t('teacher.endToOpenTest', { name: outcome.test.Test, time: formatTime(outcome.test.Deadline ?? '') })
              : t('teacher.endToList')}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>{t('teacher.endText')}</Typography.Paragraph>
    </div>
  );
}

function Room({ layout, webinar, receivedAt, refetch, fetching }: RoomProps) {
  const { t } = useTranslation('rooms');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const session = useSession();
  const status = webinar.Status;
  const finished = status === WEBINAR_STATUS.Finished;
  const live = status === WEBINAR_STATUS.Live;
  const runs = session ? runsWebinar(session.RoleID, session.ID ?? 0, webinar.TeacherID) : false;

  const events = useWebinarEvents(webinar.ID, {}, { enabled: !finished, stream: session ? sitsInWebinarRooms(session.RoleID) : false });
  const offset = useServerOffset(webinar.Now, receivedAt);
  useRefetchAt(webinarsKeys.one(webinar.ID), status === WEBINAR_STATUS.Waiting ? opensAt(webinar.BeginTime) : null, offset);

  // The list's start button posts the start; a teacher who comes straight here (a reload, a link)
  // starts it too, once. The server keeps the first start time, so a second post changes nothing.
  const started = useRef(false);
  useEffect(() => {
    if (!live || webinar.StartedAt || started.current || session?.ID !== webinar.TeacherID) return;
    started.current = true;
    startWebinar(webinar.ID).then(
      () => void client.invalidateQueries({ queryKey: webinarsKeys.one(webinar.ID), exact: true }),
      () => undefined,
    );
  }, [live, webinar.StartedAt, webinar.ID, webinar.TeacherID, session?.ID, client]);

  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  // once the end is accepted the broadcaster goes at once: the broadcast stops and the camera is released
  const [ended, setEnded] = useState(false);
  async function end() {
    setEnding(true);
    try {
      await endWebinar(webinar.ID);
      setEnded(true);
      void client.invalidateQueries({ queryKey: webinarsKeys.all });
      toast.success(t('teacher.ended'));
      navigate(roomPaths.teacherList(layout));
    } catch (failure) {
      toast.error(errorMessage(failure, t('teacher.endError')));
      setEnding(false);
      setConfirming(false);
    }
  }

  return (
    <section className={`oqu-page oqu-room-page oqu-room-${layout}`} data-testid="conduct-room" data-status={status}>
      <PageTitle extra={!finished && <ConnectionIndicator state={events.state} />}>{webinar.Webinarname}</PageTitle>
      <div className="oqu-room-bar">
        <WebinarStatusTag status={status} testId="room-status" />
        <span className="oqu-room-fact">
          {t('facts.start')}: {formatDateTime(webinar.BeginTime)}
        </span>
        <div className="oqu-room-actions">
          <OnlineCount webinar={webinar} refetch={refetch} fetching={fetching} />
          <TestsCounter count={webinar.Testcount} to={roomPaths.staffTests(layout, webinar.ID)} />
          {live && runs && (
            <Button
              danger
              type="primary"
              icon={<PoweroffOutlined aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid="room-end"
            >
              {t('teacher.end')}
            </Button>
          )}
        </div>
      </div>
      <div className="oqu-room">
        <div className="oqu-room-main">
          {live &&
            (webinar.StreamUrl ? (
              <StreamFrame url={webinar.StreamUrl} name={webinar.Webinarname} tall={layout === 'full'} />
            ) : session?.ID === webinar.TeacherID ? (
              !ended && <Broadcaster webinarId={webinar.ID} />
            ) : (
              <StreamPlayer webinarId={webinar.ID} kind="live" />
            ))}
          {status === WEBINAR_STATUS.Waiting && <Countdown webinar={webinar} offset={offset} />}
          {finished && (
            <div className="oqu-room-notice" data-testid="room-finished">
              <CheckCircleOutlined className="oqu-room-notice-icon" aria-hidden />
              <Typography.Text strong>{t('teacher.finishedTitle')}</Typography.Text>
              {webinar.EndedAt && (
                <Typography.Text className="oqu-muted">
                  {t('teacher.finishedAt', { time: formatDateTime(webinar.EndedAt) })}
                </Typography.Text>
              )}
              <ButtonLink to={roomPaths.teacherList(layout)} type="primary">
                {t('actions.backToMine')}
              </ButtonLink>
            </div>
          )}
          <RoomDocuments webinar={webinar} manage={runs && !finished} />
        </div>
        <div className="oqu-room-side">
          <RoomChat webinarId={webinar.ID} mode={runs && !finished ? 'send' : 'readonly'} />
        </div>
      </div>
      <Modal
        open={confirming}
        title={t('teacher.endTitle')}
        onCancel={() => !ending && setConfirming(false)}
        footer={[
          <Button key="cancel" onClick={() => setConfirming(false)} disabled={ending}>
            {t('actions.cancel')}
          </Button>,
          <Button key="end" danger type="primary" loading={ending} onClick={() => void end()} data-testid="room-end-confirm">
            {t('teacher.endConfirm')}
          </Button>,
        ]}
      >
        {confirming && <EndText webinarId={webinar.ID} />}
      </Modal>
    </section>
  );
}
