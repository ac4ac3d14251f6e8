import { ArrowLeftOutlined } from '@ant-design/icons';
import { sitsInWebinarRooms, WEBINAR_STATUS, type WebinarDetails } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { ConnectionIndicator, parseRoomId, RoomGate } from '../../rooms/RoomGate';
import { formatSpan } from '../../rooms/time';
import { useServerNow, useServerOffset } from '../../rooms/useServerNow';
import { useWebinar } from '../api';
import { DeleteRecording } from '../stream/Recording';
import { StreamPlayer, StreamWaiting } from '../stream/StreamPlayer';
import { WebinarStatusTag } from '../WebinarStatusTag';
import { OnlineCount } from './OnlineCount';
import { roomPaths } from './paths';
import { StreamEnded, StreamFrame } from './RoomBits';
import { RoomChat } from './RoomChat';
import { RoomDocuments } from './RoomDocuments';
import { viewClocks } from './time';
import { useWebinarEvents } from './useWebinarEvents';

/**
 * /admin/webinars-view/{id} (admin-back-office.md §2 webinars-view, §4 webinar view): teacher, start,
 * time since the start and until the end recomputed every second ('-' when negative), the stream
 * (after the end its recording, when kept),
 * the chat to read, documents to download and who is online. Examiners read it too; they sit in no
 * room, so their view polls instead of opening the event stream.
 */
export function WebinarView() {
  const { t } = useTranslation('rooms');
  const id = parseRoomId(useParams().id);
  const query = useWebinar(id ?? undefined);
  return (
    <RoomGate id={id} query={query} title={t('common:pages.webinarView')} backTo={roomPaths.adminList} backLabel={t('actions.backToList')}>
      {(webinar) => (
        <View webinar={webinar} receivedAt={query.dataUpdatedAt} refetch={() => void query.refetch()} fetching={query.isFetching} />
      )}
    </RoomGate>
  );
}

function Clocks({ webinar, offset }: { webinar: WebinarDetails; offset: number }) {
  const { t } = useTranslation('rooms');
  const now = useServerNow(offset);
  const { elapsed, remaining } = viewClocks(webinar.BeginTime, webinar.Duration, now, webinar.Status === WEBINAR_STATUS.Finished);
  const days = (count: number) => t('time.days', { count });
  return (
    <>
      <div>
        <dt>{t('facts.elapsed')}</dt>
        <dd data-testid="view-elapsed">{formatSpan(elapsed, days)}</dd>
      </div>
      <div>
        <dt>{t('facts.remaining')}</dt>
        <dd data-testid="view-remaining">{formatSpan(remaining, days)}</dd>
      </div>
    </>
  );
}

function View({
  webinar,
  receivedAt,
  refetch,
  fetching,
}: {
  webinar: WebinarDetails;
  receivedAt: number;
  refetch: () => void;
  fetching: boolean;
}) {
  const { t } = useTranslation('rooms');
  const finished = webinar.Status === WEBINAR_STATUS.Finished;
  const role = useSession()?.RoleID;
  const events = useWebinarEvents(webinar.ID, {}, { enabled: !finished, stream: role !== undefined && sitsInWebinarRooms(role) });
  const offset = useServerOffset(webinar.Now, receivedAt);

  return (
    <section className="oqu-page oqu-room-page oqu-room-full" data-testid="webinar-view" data-status={webinar.Status}>
      <PageTitle extra={!finished && <ConnectionIndicator state={events.state} />}>{webinar.Webinarname}</PageTitle>
      <ButtonLink to={roomPaths.adminList} type="link" icon={<ArrowLeftOutlined aria-hidden />} className="oqu-room-back">
        {t('actions.backToList')}
      </ButtonLink>
      <div className="oqu-room-bar">
        <dl className="oqu-room-facts">
          <div>
            <dt>{t('facts.status')}</dt>
            <dd>
              <WebinarStatusTag status={webinar.Status} testId="room-status" />
            </dd>
          </div>
          <div>
            <dt>{t('facts.teacher')}</dt>
            <dd data-testid="view-teacher">{webinar.Teacher.Fullname}</dd>
          </div>
          <div>
            <dt>{t('facts.startDate')}</dt>
            <dd>{formatDateTime(webinar.BeginTime)}</dd>
          </div>
          <Clocks webinar={webinar} offset={offset} />
        </dl>
        <div className="oqu-room-actions">
          <OnlineCount webinar={webinar} refetch={refetch} fetching={fetching} />
          {webinar.HasRecording && <DeleteRecording webinar={webinar} />}
        </div>
      </div>
      <div className="oqu-room">
        <div className="oqu-room-main">
          <ViewStream webinar={webinar} />
          <RoomDocuments webinar={webinar} />
        </div>
        <div className="oqu-room-side">
          <RoomChat webinarId={webinar.ID} mode="readonly" />
        </div>
      </div>
    </section>
  );
}

/**
 * The outside stream page when one is configured; else the webinar's own broadcast while it is live,
 * its recording after the end when kept, else a notice.
 */
function ViewStream({ webinar }: { webinar: WebinarDetails }) {
  const status = webinar.Status;
  if (status === WEBINAR_STATUS.Finished)
    return webinar.HasRecording ? <StreamPlayer webinarId={webinar.ID} kind="recording" /> : <StreamEnded />;
  if (webinar.StreamUrl) return <StreamFrame url={webinar.StreamUrl} name={webinar.Webinarname} />;
  return status === WEBINAR_STATUS.Live ? <StreamPlayer webinarId={webinar.ID} kind="live" /> : <StreamWaiting />;
}
