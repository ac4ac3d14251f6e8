import { captureSize } from './logic';

/** Opens the front camera; rejects with getUserMedia's error (denied, absent, in use) or a TypeError without one. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('no camera API: the page needs HTTPS');
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
    audio: false,
  });
}

export function closeCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a JPEG, or null before the first frame has arrived. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const { width, height } = captureSize(video.videoWidth, video.videoHeight);
  if (width === 0) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}
