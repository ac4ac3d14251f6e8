import { describe, expect, it } from 'vitest';
import { mediaPlaylist, playlistSeconds, withToken } from './playlist.js';

const segment = (seq: number, discSeq = 0, durationMs = 2000) => ({
  seq,
  discSeq,
  durationMs,
  capturedAt: new Date(Date.UTC(2026, 11, 2, 10, 0, seq * 2)),
});

describe('mediaPlaylist', () => {
  it('lists a live window from its first sequence number, without an end', () => {
    const text = mediaPlaylist([segment(4), segment(5, 0, 2014), segment(6, 0, 1500)], false);
    // 2.014 s rounds to 2: the target is not pushed to 3 s (players wait a multiple of it)
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:4',
        '#EXT-X-DISCONTINUITY-SEQUENCE:0',
        '#EXT-X-PROGRAM-DATE-TIME:2026-12-02T10:00:08.000Z',
        '#EXTINF:2.000,',
        '4.ts',
        '#EXT-X-PROGRAM-DATE-TIME:2026-12-02T10:00:10.000Z',
        '#EXTINF:2.014,',
        '5.ts',
        '#EXT-X-PROGRAM-DATE-TIME:2026-12-02T10:00:12.000Z',
        '#EXTINF:1.500,',
        '6.ts',
        '',
      ].join('\n'),
    );
  });

  it('marks each new take, and counts the takes before the window', () => {
    const text = mediaPlaylist([segment(9, 2), segment(10, 3), segment(11, 3)], false);
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:2');
    expect(text.match(/^#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
    expect(text.indexOf('#EXT-X-DISCONTINUITY\n')).toBeLessThan(text.indexOf('10.ts'));
    expect(text.indexOf('#EXT-X-DISCONTINUITY\n')).toBeGreaterThan(text.indexOf('9.ts'));
  });

  it('makes a recording a VOD playlist that ends', () => {
    const text = mediaPlaylist([segment(0), segment(1, 0, 900)], true);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(playlistSeconds(text)).toBeCloseTo(2.9, 5);
  });

  it('is a valid playlist with nothing in it yet', () => {
    expect(mediaPlaylist([], false)).toContain('#EXT-X-MEDIA-SEQUENCE:0');
  });
});

describe('withToken', () => {
  it('adds the token to each segment and to nothing else', () => {
    const text = withToken(mediaPlaylist([segment(0), segment(1)], true), '7.42.1.abc/+');
    expect(text).toContain('0.ts?t=7.42.1.abc%2F%2B\n');
    expect(text).toContain('1.ts?t=7.42.1.abc%2F%2B\n');
    expect(text).not.toContain('ENDLIST?t');
  });
});
