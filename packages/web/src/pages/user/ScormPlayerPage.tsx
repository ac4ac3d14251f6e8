import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import type { ScormProgress } from '@oqu/contracts';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { ScormStatus } from '../../features/learner-plan/ScormStatus';
import { launchScorm, type ScormLaunch, useInvalidateScorms, useOwnScorms } from '../../features/scorm/api';
import { formatSpent } from '../../features/scorm/format';
import { launchMessage, playerMessageOf } from '../../features/scorm/messages';
import { useScormPaths } from '../../features/scorm/paths';
import { currentLanguage } from '../../i18n';
import { isRecordId } from '../../lib/api';
import '../../features/scorm/scorm.css';

/** Expired tokens in a row without a commit between them: then the launch is refused for a reason a new token does not cure. */
const MAX_RENEWALS = 3;

/**
 * /user/scorm-package-iframe/{id} and, on a phone, /scorm-package-iframe/{id}: the player of one
 * package. Without an id it leads to the list.
 */
export default function ScormPlayerPage() {
  const param = useParams().id;
  const paths = useScormPaths();
  const id = Number(param);
  if (param === undefined || !isRecordId(id)) return <Navigate to={paths.list} replace />;
  return <Player key={id} id={id} />;
}

/**
 * Launches the package (POST /api/scorm/launch/id:{id}) and shows the player of the content origin in
 * a frame. The launch token goes to the player only by postMessage, to that origin, once the player
 * says it is ready; only its frame's messages from that origin are heard: its progress after each
 * commit, a token that expired (launched again, the new token sent), the course's end (the lists and
 * the plan read again).
 */
function Player({ id }: { id: number }) {
  const { t } = useTranslation('scorm');
  const paths = useScormPaths();
  const own = useOwnScorms();
  const invalidate = useInvalidateScorms();
  const frame = useRef<HTMLIFrameElement>(null);
  const token = useRef<string | null>(null);
  const renewals = useRef(0);
  const [launch, setLaunch] = useState<ScormLaunch | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<ScormProgress | null>(null);
  const [finished, setFinished] = useState(false);

  const start = useCallback(async () => {
    setFailure(null);
    try {
      const next = await launchScorm(id);
      token.current = next.Token;
      setLaunch((current) => current ?? next);
      return next;
    } catch (error) {
      setFailure(error);
      return null;
    }
  }, [id]);

  useEffect(() => {
    void start();
  }, [start]);

  // what the course committed shows on the list and the plan once the player is left
  useEffect(() => () => void invalidate(), [invalidate]);

  useEffect(() => {
    if (!launch) return;
    const origin = launch.ContentOrigin;
    const send = (value: string) => frame.current?.contentWindow?.postMessage(launchMessage(value, currentLanguage()), origin);
    function onMessage(event: MessageEvent) {
      const message = playerMessageOf(event, { origin, window: frame.current?.contentWindow });
      if (!message) return;
      switch (message.type) {
        case 'ready':
          if (token.current) send(token.current);
          break;
        case 'progress':
          renewals.current = 0;
          if (message.progress) setProgress(message.progress);
          break;
        case 'expired':
          renewals.current += 1;
          if (renewals.current > MAX_RENEWALS) {
            setFailure(new Error(t('player.expired')));
            break;
          }
          void start().then((next) => next && send(next.Token));
          break;
        case 'finished':
          if (message.progress) setProgress(message.progress);
          setFinished(true);
          void invalidate();
          break;
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launch, start, invalidate, t]);

  const listed = own.data?.find((scorm) => scorm.ID === id);
  const shown = progress ?? listed?.Progress ?? null;
  const name = launch?.Name ?? listed?.Name ?? t('player.title');
  const units = { h: t('units.h'), min: t('units.min'), s: t('units.s') };

  return (
    <section className="oqu-page oqu-scorm-page">
      <ButtonLink to={paths.list} type="link" icon={<ArrowLeftOutlined aria-hidden />} className="oqu-back-link">
        {t('player.back')}
      </ButtonLink>
      <PageTitle>{name}</PageTitle>
      {shown && (
        <Flex gap={12} align="center" wrap data-testid="scorm-player-progress" aria-live="polite">
          <ScormStatus progress={shown} />
          <Typography.Text type="secondary">{t('player.spent', { time: formatSpent(shown.TotalSeconds, units) })}</Typography.Text>
        </Flex>
      )}
      {finished && (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleOutlined aria-hidden />}
          title={t('player.finished')}
          action={<ButtonLink to={paths.list}>{t('player.toList')}</ButtonLink>}
          data-testid="scorm-finished"
        />
      )}
      {failure !== null && <LoadError error={failure} onRetry={() => void start()} />}
      {!launch && failure === null && <Skeleton active />}
      {launch && (
        <iframe
          ref={frame}
          src={launch.PlayerUrl}
          title={t('player.frameTitle', { name: launch.Name })}
          className="oqu-scorm-frame"
          allow="fullscreen; autoplay"
          allowFullScreen
          // the course may not lead the app's window away, whatever it runs
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads"
          data-testid="scorm-player-frame"
        />
      )}
    </section>
  );
}
