import { mediaKindOf } from '@oqu/contracts';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './media.css';

interface MediaPlayerProps {
  name: string;
  path: string;
  type: string;
}

/**
 * A video or a recording played in the page from its Path: the browser seeks by HTTP Range requests,
 * which `/files/…` answers with 206, so nothing is downloaded whole. When the browser cannot play it,
 * the spec's fallback text shows instead.
 */
export function MediaPlayer({ name, path, type }: MediaPlayerProps) {
  const { t } = useTranslation('media');
  const [failed, setFailed] = useState(false);
  const video = mediaKindOf(type) === 'video';
  const fallback = t(video ? 'player.fallback' : 'player.audioFallback');
  if (failed) return <Alert type="warning" showIcon title={fallback} data-testid="media-fallback" />;
  const common = {
    src: path,
    controls: true,
    preload: 'metadata' as const,
    'aria-label': t('learner.playerOf', { name }),
    onError: () => setFailed(true),
    'data-testid': 'media-player',
  };
  return video ? (
    <video {...common} className="oqu-media-video" playsInline>
      {fallback}
    </video>
  ) : (
    <audio {...common} className="oqu-media-audio">
      {fallback}
    </audio>
  );
}
