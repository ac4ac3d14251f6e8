import { describe, expect, it } from 'vitest';
import { pickRecorderMimeType, RECORDER_MIME_TYPES, recorderOptions } from './recorder';

describe('pickRecorderMimeType', () => {
  it('takes H.264 in WebM where the browser records it (Chrome)', () => {
    expect(pickRecorderMimeType(() => true)).toBe('video/webm;codecs=h264,opus');
  });

  it('takes MP4 where only that records H.264 (Safari)', () => {
    const safari = new Set(['video/mp4;codecs=avc1,mp4a', 'video/mp4']);
    expect(pickRecorderMimeType((type) => safari.has(type))).toBe('video/mp4;codecs=avc1,mp4a');
  });

  it('falls back to VP8, then VP9, then plain WebM (Firefox)', () => {
    expect(pickRecorderMimeType((type) => type !== RECORDER_MIME_TYPES[0] && type !== RECORDER_MIME_TYPES[1])).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickRecorderMimeType((type) => type === 'video/webm;codecs=vp9,opus' || type === 'video/webm')).toBe(
      'video/webm;codecs=vp9,opus',
    );
    expect(pickRecorderMimeType((type) => type === 'video/webm')).toBe('video/webm');
  });

  it('is null when the browser can record none of them', () => {
    expect(pickRecorderMimeType(() => false)).toBeNull();
  });

  it('asks for about 1 Mbit/s video, 64 kbit/s sound and a key frame every 2 s', () => {
    expect(recorderOptions('video/webm')).toEqual({
      mimeType: 'video/webm',
      videoBitsPerSecond: 1_000_000,
      audioBitsPerSecond: 64_000,
      videoKeyFrameIntervalDuration: 2000,
    });
  });
});
