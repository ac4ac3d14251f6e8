import { ClockCircleOutlined, SoundOutlined } from '@ant-design/icons';
import type { StreamWatch } from '@oqu/contracts';
import { Button, Typography } from 'antd';
import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportWatchTime, useStreamWatch } from './api';
import { flushWatch, isPlaying, tickWatch, urlWithToken, withoutToken } from './watch';
import './stream.css';

/**
 * Live: play 3 s behind the newest segment's end (a segment and a half), catch up by playing up to
 * 10 % faster when further behind, and jump ahead past 8 s; keep little buffer (hls.js options).
 * With the 1-s chunks and 2-s segments that is about 6 s behind the camera.
 */
const LIVE_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  liveSyncDuration: 3,
  liveMaxLatencyDuration: 8,
  maxLiveSyncPlaybackRate: 1.1,
  maxBufferLength: 10,
  backBufferLength: 30,
};
/** Fatal player errors in a row after which the viewer is told and offered to try again. */
const MAX_FAILURES = 3;
/** A longer gap between counting ticks is a sleeping computer, not watching (Chrome wakes hidden tabs once a minute). */
const MAX_TICK_SECONDS = 60;

/**
 * The webinar's own stream or its recording (`kind`), played with hls.js (loaded only here) or the
 * browser's own HLS (Safari). Waits calmly while the teacher has not begun; reports the seconds
 * actually played. A live stream starts by itself; a recording only where the viewer asked for it
 * (`autoPlay`), not on a page that merely shows it.
 */
export function StreamPlayer({
  webinarId,
  kind,
  autoPlay = kind === 'live',
}: {
  webinarId: number;
  kind: 'live' | 'recording';
  autoPlay?: boolean;
}) {
  const { t } = useTranslation('rooms');
  const watch = useStreamWatch(webinarId, kind === 'live');
  const data = watch.data;
  const { refetch } = watch;
  const refresh = useCallback(() => refetch().then((result) => result.data), [refetch]);

  return (
    <div className="oqu-stream" data-testid="stream-player" data-state={data?.State ?? 'loading'} aria-busy={!data}>
      {data && (data.State === 'live' || data.State === 'recording') && data.Url ? (
        <Playback webinarId={webinarId} watch={data} url={data.Url} refresh={refresh} autoPlay={autoPlay} />
      ) : data?.State === 'none' && kind === 'recording' ? (
        <div className="oqu-stream-none" role="status">
          <Typography.Text strong className="oqu-stream-none-title">
            {t('player.noRecording')}
          </Typography.Text>
        </div>
      ) : data || watch.isError ? (
        <WaitingNotice />
      ) : null}
    </div>
  );
}

/** A calm notice, no spinner: the teacher has not begun broadcasting (or the webinar has not). */
function WaitingNotice() {
  const { t } = useTranslation('rooms');
  return (
    <div className="oqu-stream-none" role="status" data-testid="stream-waiting">
      <ClockCircleOutlined className="oqu-stream-none-icon" aria-hidden />
      <Typography.Text strong className="oqu-stream-none-title">
        {t('player.waiting')}
      </Typography.Text>
    </div>
  );
}

/** The stream's place before the webinar begins: the notice alone, without asking the server. */
export function StreamWaiting() {
  return (
    <div className="oqu-stream" data-testid="stream-player" data-state="waiting">
      <WaitingNotice />
    </div>
  );
}

interface PlaybackProps {
  webinarId: number;
  watch: StreamWatch;
  url: string;
  /** asks `streamwatch` again: a fresh token */
  refresh: () => Promise<StreamWatch | undefined>;
  autoPlay: boolean;
}

function Playback({ webinarId, watch, url, refresh, autoPlay }: PlaybackProps) {
  const { t } = useTranslation('rooms');
  const videoRef = useRef<HTMLVideoElement>(null);
  // the player reads the current token for each request, so a new token never restarts it
  const tokenRef = useRef(watch.Token);
  tokenRef.current = watch.Token;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [failed, setFailed] = useState(false);
  const [muted, setMuted] = useState(false);
  const live = watch.State === 'live';
  const source = withoutToken(url);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || failed) return;
    let cancelled = false;
    let hls: Hls | null = null;
    let stopMeasuring = () => {};
    // sound if the browser allows it (the viewer has clicked on the way here), else muted with «Включить звук»
    const autoplay = () =>
      autoPlay &&
      video.play().catch(() => {
        video.muted = true;
        setMuted(true);
        return video.play().catch(() => undefined);
      });
    const freshToken = () =>
      refreshRef.current().then((fresh) => {
        if (fresh?.Token) tokenRef.current = fresh.Token;
      });

    void import('hls.js').then(({ default: HlsPlayer }) => {
      if (cancelled) return;
      if (!HlsPlayer.isSupported()) {
        if (!video.canPlayType('application/vnd.apple.mpegurl')) return setFailed(true);
        video.src = urlWithToken(source, tokenRef.current);
        void autoplay();
        return;
      }
      const player = new HlsPlayer({
        ...(live ? LIVE_CONFIG : {}),
        xhrSetup: (xhr, address) => xhr.open('GET', urlWithToken(address, tokenRef.current)),
      });
      hls = player;
      let failures = 0;
      player.on(HlsPlayer.Events.FRAG_LOADED, () => {
        failures = 0;
      });
      player.on(HlsPlayer.Events.MANIFEST_PARSED, () => void autoplay());
      // each segment says when it was recorded: how far behind the camera the picture is, for whoever measures it
      const behind = () => {
        if (live && player.playingDate) video.dataset.behindMs = String(Date.now() - player.playingDate.getTime());
      };
      video.addEventListener('timeupdate', behind);
      stopMeasuring = () => video.removeEventListener('timeupdate', behind);
      player.on(HlsPlayer.Events.ERROR, (_event, error) => {
        if (!error.fatal || cancelled) return;
        failures += 1;
        if (failures >= MAX_FAILURES) {
          player.destroy();
          hls = null;
          setFailed(true);
          return;
        }
        // an expired token is the likeliest cause: recover with a fresh one
        void freshToken().finally(() => {
          if (cancelled || hls !== player) return;
          if (error.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
          // no playlist read yet: nothing to resume, read it again
          else if (player.levels.length === 0) player.loadSource(urlWithToken(source, tokenRef.current));
          else player.startLoad();
        });
      });
      player.loadSource(urlWithToken(source, tokenRef.current));
      player.attachMedia(video);
    });
    return () => {
      cancelled = true;
      stopMeasuring();
      hls?.destroy();
    };
  }, [source, live, failed, autoPlay]);

  // seconds actually played, reported every WATCH_HEARTBEAT_SECONDS and when the player or the page goes
  const recording = watch.State === 'recording';
  useEffect(() => {
    let pending = 0;
    let last = performance.now();
    const report = (seconds: number | null) => {
      if (seconds) reportWatchTime(webinarId, seconds, recording);
    };
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = Math.min((now - last) / 1000, MAX_TICK_SECONDS);
      last = now;
      const video = videoRef.current;
      const next = tickWatch(pending, video && isPlaying(video) ? elapsed : 0);
      pending = next.pending;
      report(next.report);
    }, 1000);
    const flush = () => {
      report(flushWatch(pending));
      pending = 0;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [webinarId, recording]);

  async function retry() {
    await refreshRef.current().catch(() => undefined);
    setFailed(false);
  }

  function unmute() {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    if (video.volume === 0) video.volume = 1;
  }

  if (failed) {
    return (
      <div className="oqu-stream-none" data-testid="stream-failed">
        <Typography.Text strong className="oqu-stream-none-title" role="alert">
          {t('preview.fallback')}
        </Typography.Text>
        <Button onClick={() => void retry()} data-testid="stream-retry">
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a live broadcast has no captions to offer */}
      <video
        ref={videoRef}
        className="oqu-stream-video"
        controls
        playsInline
        aria-label={t(live ? 'player.liveLabel' : 'player.recordingLabel')}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        data-testid="stream-video"
      />
      {muted && (
        <Button className="oqu-stream-unmute" icon={<SoundOutlined aria-hidden />} onClick={unmute} data-testid="stream-unmute">
          {t('player.unmute')}
        </Button>
      )}
    </>
  );
}
