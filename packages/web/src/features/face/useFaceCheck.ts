import { useCallback, useEffect, useRef, useState } from 'react';
import { verifyShot } from './api';
import { captureFrame, closeCamera, openCamera } from './camera';
import { type CameraProblem, cameraProblem, delayUntilNextShot, type FaceCheckTarget, type ShotOutcome } from './logic';

export type FaceCheckPhase = 'intro' | 'opening' | 'checking' | 'matched' | 'refused' | 'camera-problem';

export interface FaceCheckState {
  phase: FaceCheckPhase;
  problem: CameraProblem | null;
  /** the last shot's answer, until the next one comes */
  last: ShotOutcome | null;
  /** a shot is on its way */
  sending: boolean;
  /** shots answered so far (so the same answer twice is still news) */
  answered: number;
}

/**
 * The camera check's course: `start()` opens the camera (the person has read the consent), the
 * video's first frame starts the shots — one at once, then one every `seconds` — each sent to
 * POST /api/face/verify until one matches, then `onMatch`. Not-a-match, busy and failed shots only
 * wait for the next tick; a refusal (4xx) ends the check. The camera is closed on a match, a
 * refusal, on unmount and on a problem.
 */
export function useFaceCheck(target: FaceCheckTarget, seconds: number, onMatch: () => void) {
  const [state, setState] = useState<FaceCheckState>({ phase: 'intro', problem: null, last: null, sending: false, answered: 0 });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const onMatchRef = useRef(onMatch);
  onMatchRef.current = onMatch;
  const targetRef = useRef(target);
  targetRef.current = target;

  const start = useCallback(async () => {
    setState((old) => ({ ...old, phase: 'opening', problem: null }));
    try {
      setStream(await openCamera());
    } catch (error) {
      setState((old) => ({ ...old, phase: 'camera-problem', problem: cameraProblem(error) }));
    }
  }, []);

  // the stream belongs to this check: closed when replaced and when the check goes away
  useEffect(() => () => closeCamera(stream), [stream]);

  useEffect(() => {
    if (videoRef.current && stream) videoRef.current.srcObject = stream;
  }, [stream]);

  /** the video element's first frame: the shots may begin */
  const onVideoReady = useCallback(() => {
    setState((old) => (old.phase === 'opening' ? { ...old, phase: 'checking' } : old));
  }, []);

  const checking = state.phase === 'checking';
  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const shoot = async () => {
      const at = Date.now();
      const video = videoRef.current;
      const shot = video ? await captureFrame(video) : null;
      if (cancelled) return;
      if (!shot) {
        // no frame yet: look again shortly rather than a whole period later
        timer = setTimeout(shoot, 300);
        return;
      }
      setState((old) => ({ ...old, sending: true }));
      const outcome = await verifyShot(targetRef.current, shot, controller.signal);
      if (cancelled) return;
      if (outcome.kind === 'match') {
        setState((old) => ({ ...old, phase: 'matched', sending: false, last: outcome, answered: old.answered + 1 }));
        setStream(null);
        onMatchRef.current();
        return;
      }
      if (outcome.kind === 'error' && outcome.final) {
        setState((old) => ({ ...old, phase: 'refused', sending: false, last: outcome, answered: old.answered + 1 }));
        setStream(null);
        return;
      }
      setState((old) => ({ ...old, sending: false, last: outcome, answered: old.answered + 1 }));
      timer = setTimeout(shoot, delayUntilNextShot(at, Date.now(), seconds));
    };
    void shoot();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [checking, seconds]);

  return { ...state, start, videoRef, onVideoReady };
}
