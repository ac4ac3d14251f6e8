/** A published segment as the playlists list it. */
export interface SegmentEntry {
  seq: number;
  /** how many takes before this segment's produced segments: a change is a discontinuity */
  discSeq: number;
  durationMs: number;
  /** when its first frame was recorded */
  capturedAt: Date;
}

/** Segments a live playlist lists: the newest 12 s or so, enough for a player to sit two segments behind. */
export const LIVE_WINDOW_SEGMENTS = 6;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * An HLS media playlist of `segments` (oldest first), each named `<seq>.ts`. A live one lists a
 * window and grows; a recording (`ended`) is a VOD playlist that lists every segment and ends with
 * `#EXT-X-ENDLIST`. A new take (a reconnect, a switch of camera and screen, a restarted packager)
 * starts at zero again, so its first segment follows `#EXT-X-DISCONTINUITY`. Each segment carries the
 * moment it was recorded (`#EXT-X-PROGRAM-DATE-TIME`): the player knows how far behind the camera it is.
 */
export function mediaPlaylist(segments: readonly SegmentEntry[], ended: boolean): string {
  const first = segments[0];
  // each segment's length rounded to whole seconds is at most the target (RFC 8216 4.3.3.1); players
  // sit a multiple of it behind the live edge, so it is not rounded up further
  const target = Math.max(1, ...segments.map((s) => Math.round(s.durationMs / 1000)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.seq ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discSeq ?? 0}`,
  ];
  if (ended) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  let previous = first;
  for (const segment of segments) {
    if (segment.discSeq !== previous?.discSeq) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.capturedAt).toISOString()}`,
      `#EXTINF:${seconds(segment.durationMs)},`,
      `${segment.seq}.ts`,
    );
    previous = segment;
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The playlist with each segment's address carrying the token (`<seq>.ts?t=…`): the player sends nothing else. */
export function withToken(playlist: string, token: string): string {
  const query = `?t=${encodeURIComponent(token)}`;
  return playlist.replace(/^(\d+\.ts)$/gm, `$1${query}`);
}

/** The sum of a playlist's segment durations, in seconds. */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const match of playlist.matchAll(/^#EXTINF:([\d.]+),/gm)) total += Number(match[1]);
  return total;
}
