import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isRecordId } from '../../../lib/api';
import { attendWebinar } from '../api';

export type JoinState = { status: 'idle' | 'joining' | 'joined' | 'needs-check' } | { status: 'failed'; error: unknown };

/** Webinars whose join the face check has just recorded (POST /api/face/verify on a match does it). */
const joinedByCheck = new Set<number>();

/** The camera check matched for this webinar: the room it opens next must not post the join again. */
export function joinedByFaceCheck(webinarId: number) {
  joinedByCheck.add(webinarId);
}

/**
 * THE join of a trainee to a webinar (learner-and-instructor.md §4): every way into a room goes
 * through here, once per room visit, when the webinar is in progress. With the face check required
 * (`faceRequired`; undefined while the settings load) the join is normally made by the check before
 * the room opens; a room opened otherwise (reload, an address) posts the join, and the server's 403
 * for want of a recent check becomes `needs-check`: the room then runs the check, and `checked()`
 * says it matched.
 */
export function useJoinWebinar(
  webinarId: number | undefined,
  live: boolean,
  faceRequired: boolean | undefined,
): JoinState & { retry: () => void; checked: () => void } {
  const [state, setState] = useState<JoinState>({ status: 'idle' });
  const joinedFor = useRef<number | null>(null);

  const join = useCallback(
    async (id: number) => {
      if (joinedByCheck.delete(id)) {
        setState({ status: 'joined' });
        return;
      }
      setState({ status: 'joining' });
      try {
        await attendWebinar(id);
        setState({ status: 'joined' });
      } catch (error) {
        setState(
          faceRequired && error instanceof ApiError && error.status === 403 ? { status: 'needs-check' } : { status: 'failed', error },
        );
      }
    },
    [faceRequired],
  );

  useEffect(() => {
    // a ref, not state: a second effect run (StrictMode, a re-render) must not post attendance twice
    if (!live || faceRequired === undefined || !isRecordId(webinarId) || joinedFor.current === webinarId) return;
    joinedFor.current = webinarId;
    void join(webinarId);
  }, [live, webinarId, join, faceRequired]);

  const retry = useCallback(() => {
    if (isRecordId(webinarId)) void join(webinarId);
  }, [webinarId, join]);

  const checked = useCallback(() => setState({ status: 'joined' }), []);

  return { ...state, retry, checked };
}
