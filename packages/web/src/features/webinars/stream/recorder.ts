/**
 * The recorder formats in the order tried: H.264 first, which the server can package into HLS
 * without re-encoding the video (Chrome records it in WebM, Safari in MP4); VP8/VP9 otherwise.
 */
export const RECORDER_MIME_TYPES = [
  'video/webm;codecs=h264,opus',
  'video/mp4;codecs=avc1,mp4a',
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
] as const;

/** The first format the browser can record, or null when it can record none of them. */
export function pickRecorderMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDER_MIME_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/**
 * ~1 Mbit/s video and 64 kbit/s sound suit a talking head or slides on an office link; a key frame
 * every 2 s lets each 2-s segment begin with one (Chrome honours the option, the others ignore it).
 */
export function recorderOptions(mimeType: string): MediaRecorderOptions & { videoKeyFrameIntervalDuration: number } {
  return { mimeType, videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000, videoKeyFrameIntervalDuration: 2000 };
}

/** Whether this browser can record at all (MediaRecorder is missing in old Safari and some in-app browsers). */
export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && pickRecorderMimeType((type) => MediaRecorder.isTypeSupported(type)) !== null;
}
