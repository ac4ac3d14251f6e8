import { CameraOutlined, CheckCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { WEBINAR_STATUS, type WebinarDetails } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useFaceCheckSettings } from '../../face/api';
import { FaceCheckModal } from '../../face/FaceCheck';
import { ConnectionIndicator, parseRoomId, RoomGate } from '../../rooms/RoomGate';
import { useRefetchAt, useServerOffset } from '../../rooms/useServerNow';
import { fetchWebinarTests, useWebinar, useWebinarTests, webinarsKeys } from '../api';
import { takeableMainTest } from '../lists/tests';
import { StreamPlayer, StreamWaiting } from '../stream/StreamPlayer';
import { WebinarStatusTag } from '../WebinarStatusTag';
import { afterFinishPath, type RoomLayout, roomPaths } from './paths';
import { markPreviewSeen, shouldShowPreview } from './preview';
import { PreviewModal, StreamFrame, TestOfferModal, TestsCounter } from './RoomBits';
import { RoomChat } from './RoomChat';
import { RoomDocuments } from './RoomDocuments';
import { opensAt } from './time';
import { useJoinWebinar } from './useJoinWebinar';
import { useWebinarEvents } from './useWebinarEvents';

/**
 * The trainee's room, both layouts (learner-and-instructor.md §2 /user/webinar-view/{id} and
 * /webinar-view/{id}, Webinar room, §4): stream, chat, documents, tests counter; joins once on
 * entry; offers a test the teacher opens; when the webinar ends, leaves for its main test if the
 * trainee can take it (the end opens one never opened), else for the webinars list.
 */
export function LearnerRoom({ layout }: { layout: RoomLayout }) {
  const { t } = useTranslation('rooms');
  const id = parseRoomId(useParams().id);
  const query = useWebinar(id ?? undefined);
  return (
    <RoomGate
      id={id}
      query={query}
      title={t('common:pages.webinarRoom')}
      backTo={roomPaths.learnerList(layout)}
      backLabel={t('actions.backToWebinars')}
    >
      {(webinar) => <Room layout={layout} webinar={webinar} receivedAt={query.dataUpdatedAt} />}
    </RoomGate>
  );
}

function Room({ layout, webinar, receivedAt }: { layout: RoomLayout; webinar: WebinarDetails; receivedAt: number }) {
  const { t } = useTranslation(['rooms', 'face']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message: toast } = App.useApp();
  const userId = useSession()?.ID ?? 0;
  const finished = webinar.Status === WEBINAR_STATUS.Finished;
  const live = webinar.Status === WEBINAR_STATUS.Live;

  const face = useFaceCheckSettings();
  const join = useJoinWebinar(webinar.ID, live, face.required);
  const needsCheck = join.status === 'needs-check';
  const [checkOpen, setCheckOpen] = useState(true);

  // a test the teacher opens is offered once per test, whether it is announced live or found on load
  const [offer, setOffer] = useState<number | null>(null);
  const offered = useRef(new Set<number>());
  const offerTest = useCallback((testId: number) => {
    if (offered.current.has(testId)) return;
    offered.current.add(testId);
    setOffer(testId);
  }, []);

  // with the check required the server opens the stream only after the join's check: until then the room polls
  const events = useWebinarEvents(
    webinar.ID,
    { onTest: (data) => offerTest(data.TestID) },
    { enabled: !finished && (face.required === false || join.status === 'joined') },
  );

  // an open test found on load is offered only while this trainee may still take it; once the
  // webinar is over, the tests say whether its main test can still be taken
  const tests = useWebinarTests(webinar.ActiveTest || finished ? webinar.ID : undefined);
  useEffect(() => {
    const active = webinar.ActiveTest;
    if (!active || !tests.data || finished) return;
    const entry = tests.data.data.find((test) => test.ID === active);
    if (entry?.Status === WEBINAR_STATUS.Live) offerTest(active);
  }, [webinar.ActiveTest, tests.data, offerTest, finished]);

  // the end, seen live or by polling, sends the trainee on (§4): to the main test when they can take
  // it now (read fresh: the end has just opened it), else to the list; a room opened after the end just says so
  const previous = useRef(webinar.Status);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = webinar.Status;
    if (webinar.Status !== WEBINAR_STATUS.Finished || before === WEBINAR_STATUS.Finished) return;
    const webinarId = webinar.ID;
    client
      .fetchQuery({ queryKey: webinarsKeys.tests(webinarId), queryFn: () => fetchWebinarTests(webinarId), staleTime: 0 })
      .then(takeableMainTest, () => null)
      .then((testId) => {
        if (!mounted.current) return;
        toast.info(t(testId ? 'learner.endedToTest' : 'learner.endedToList'));
        navigate(afterFinishPath(layout, testId), { replace: true });
      });
  }, [webinar.Status, webinar.ID, client, layout, navigate, toast, t]);

  const mainTest = takeableMainTest(tests.data);

  // the preview opens once, on the first load, unless the webinar is over (§4)
  const [preview, setPreview] = useState(false);
  const previewChecked = useRef(false);
  useEffect(() => {
    if (previewChecked.current) return;
    previewChecked.current = true;
    if (shouldShowPreview(webinar, userId)) {
      markPreviewSeen(userId, webinar.ID);
      setPreview(true);
    }
  }, [webinar, userId]);

  const offset = useServerOffset(webinar.Now, receivedAt);
  useRefetchAt(webinarsKeys.one(webinar.ID), webinar.Status === WEBINAR_STATUS.Waiting ? opensAt(webinar.BeginTime) : null, offset);

  if (finished) {
    return (
      <section className="oqu-page">
        <PageTitle>{webinar.Webinarname}</PageTitle>
        <EmptyState
          icon={CheckCircleOutlined}
          title={t('learner.endedTitle')}
          text={t('learner.endedText')}
          testId="room-finished"
          action={
            <div className="oqu-room-actions">
              {mainTest && (
                <ButtonLink type="primary" to={roomPaths.testing(layout, mainTest)}>
                  {t('learner.toMainTest')}
                </ButtonLink>
              )}
              <ButtonLink to={roomPaths.learnerList(layout)}>{t('actions.backToWebinars')}</ButtonLink>
            </div>
          }
        />
      </section>
    );
  }

  return (
    <section className={`oqu-page oqu-room-page oqu-room-${layout}`} data-testid="learner-room" data-status={webinar.Status}>
      <PageTitle extra={<ConnectionIndicator state={events.state} />}>{webinar.Webinarname}</PageTitle>
      <div className="oqu-room-bar">
        <WebinarStatusTag status={webinar.Status} testId="room-status" />
        <span className="oqu-room-fact">
          {t('facts.teacher')}: {webinar.Teacher.Fullname}
        </span>
        <span className="oqu-room-fact">
          {t('facts.start')}: {formatDateTime(webinar.BeginTime)}
        </span>
        <div className="oqu-room-actions">
          <TestsCounter count={webinar.Testcount} to={roomPaths.learnerTests(layout, webinar.ID)} />
          <ButtonLink to={roomPaths.ask(layout, webinar.ID)} icon={<QuestionCircleOutlined aria-hidden />} data-testid="room-ask">
            {t('learner.ask')}
          </ButtonLink>
        </div>
      </div>
      {webinar.Status === WEBINAR_STATUS.Waiting && (
        <Alert
          type="info"
          showIcon
          className="oqu-room-alert"
          title={t('learner.waiting', { time: formatDateTime(webinar.BeginTime) })}
          data-testid="room-waiting"
        />
      )}
      {join.status === 'failed' && (
        <Alert
          type="warning"
          showIcon
          className="oqu-room-alert"
          title={errorMessage(join.error, t('learner.joinError'))}
          action={
            <Button size="small" onClick={join.retry}>
              {t('actions.retry')}
            </Button>
          }
          data-testid="room-join-error"
        />
      )}
      {needsCheck && (
        <Alert
          type="info"
          showIcon
          className="oqu-room-alert"
          title={t('face:roomNeedsCheck')}
          action={
            <Button size="small" type="primary" icon={<CameraOutlined aria-hidden />} onClick={() => setCheckOpen(true)}>
              {t('face:checkAction')}
            </Button>
          }
          data-testid="room-needs-check"
        />
      )}
      <FaceCheckModal
        open={needsCheck && checkOpen}
        target={{ WebID: webinar.ID }}
        seconds={face.seconds}
        onMatch={join.checked}
        onCancel={() => setCheckOpen(false)}
      />
      {!needsCheck && (
        <div className="oqu-room">
          <div className="oqu-room-main">
            {webinar.StreamUrl ? (
              <StreamFrame url={webinar.StreamUrl} name={webinar.Webinarname} />
            ) : live ? (
              <StreamPlayer webinarId={webinar.ID} kind="live" />
            ) : (
              <StreamWaiting />
            )}
            <RoomDocuments webinar={webinar} />
          </div>
          <div className="oqu-room-side">
            <RoomChat webinarId={webinar.ID} mode={live ? 'send' : 'closed'} closedText={t('chat.closedWaiting')} />
          </div>
        </div>
      )}
      <TestOfferModal testId={offer} onLater={() => setOffer(null)} onStart={(testId) => navigate(roomPaths.testing(layout, testId))} />
      {webinar.Preview && (
        <PreviewModal
          open={preview && offer === null}
          path={webinar.Preview.Path}
          name={webinar.Preview.Name || webinar.Webinarname}
          onClose={() => setPreview(false)}
        />
      )}
    </section>
  );
}
