import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { closeCamera } from '../../face/camera';
import { type CameraProblem, cameraProblem } from '../../face/logic';

/** Why the camera cannot be used; `insecure`: the page is not HTTPS, where browsers give no camera at all. */
export type MediaProblem = CameraProblem | 'insecure';
export type VideoSource = 'camera' | 'screen';

const insecurePage = () => typeof window !== 'undefined' && window.isSecureContext === false;

/** 720p is plenty at ~1 Mbit/s; the browser gives the nearest the camera has. */
const cameraConstraints = (cameraId?: string, microphoneId?: string): MediaStreamConstraints => ({
  video: { deviceId: cameraId ? { exact: cameraId } : undefined, width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 25 } },
  audio: { deviceId: microphoneId ? { exact: microphoneId } : undefined, echoCancellation: true, noiseSuppression: true },
});

/**
 * The teacher's camera, microphone and screen. Nothing is asked for until `openCamera()` (the
 * browser's permission prompt comes then); `stream` is what is broadcast: the camera's or the
 * screen's picture with the microphone's sound. Every stream is released when replaced, on
 * `release()` and when the screen goes.
 */
export function useMediaSources() {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>();
  const [microphoneId, setMicrophoneId] = useState<string>();
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(() => (insecurePage() ? 'insecure' : null));
  const [opening, setOpening] = useState(false);
  const cameraRef = useRef<MediaStream | null>(null);
  cameraRef.current = camera;

  useEffect(() => () => closeCamera(camera), [camera]);
  useEffect(() => () => closeCamera(screen), [screen]);

  // device names are empty until the camera is allowed: read again after each opening and on a plug-in
  const readDevices = useCallback(async () => {
    const list = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
    setDevices(list.filter((device) => device.deviceId));
  }, []);
  useEffect(() => {
    const media = navigator.mediaDevices;
    void readDevices();
    media?.addEventListener?.('devicechange', readDevices);
    return () => media?.removeEventListener?.('devicechange', readDevices);
  }, [readDevices]);

  const openCamera = useCallback(
    async (ids: { camera?: string; microphone?: string } = {}): Promise<MediaStream | null> => {
      if (insecurePage() || !navigator.mediaDevices?.getUserMedia) {
        setProblem(insecurePage() ? 'insecure' : 'unsupported');
        return null;
      }
      setOpening(true);
      setProblem(null);
      // free the device before asking for another: some systems refuse a camera that is still held
      closeCamera(cameraRef.current);
      try {
        const stream = await navigator.mediaDevices.getUserMedia(cameraConstraints(ids.camera, ids.microphone));
        setCamera(stream);
        setCameraId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? ids.camera);
        setMicrophoneId(stream.getAudioTracks()[0]?.getSettings().deviceId ?? ids.microphone);
        void readDevices();
        return stream;
      } catch (error) {
        setCamera(null);
        setProblem(cameraProblem(error));
        return null;
      } finally {
        setOpening(false);
      }
    },
    [readDevices],
  );

  const chooseCamera = (id: string) => {
    setCameraId(id);
    if (camera) void openCamera({ camera: id, microphone: microphoneId });
  };
  const chooseMicrophone = (id: string) => {
    setMicrophoneId(id);
    if (camera) void openCamera({ camera: cameraId, microphone: id });
  };

  const canShareScreen = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  const chooseSource = async (source: VideoSource) => {
    if (source === 'camera') {
      setScreen(null);
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 15 } }, audio: false });
      // the browser's own "stop sharing" ends the track: back to the camera
      display.getVideoTracks()[0]?.addEventListener('ended', () => setScreen((current) => (current === display ? null : current)));
      setScreen(display);
    } catch {
      // the teacher closed the browser's picker: the camera stays
    }
  };

  const release = useCallback(() => {
    setCamera(null);
    setScreen(null);
  }, []);

  const stream = useMemo(
    () => (camera ? new MediaStream([...(screen ?? camera).getVideoTracks(), ...camera.getAudioTracks()]) : null),
    [camera, screen],
  );

  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
    cameraId,
    microphoneId,
    chooseCamera,
    chooseMicrophone,
    source: (screen ? 'screen' : 'camera') as VideoSource,
    chooseSource,
    canShareScreen,
    stream,
    opening,
    problem,
    openCamera,
    release,
  };
}
