import { useCallback, useEffect, useRef, useState } from 'react';
import { isRecordId } from '../../../lib/api';
import { attendWebinar } from '../api';

export type JoinState = { status: 'idle' | 'joining' | 'joined' } | { status: 'failed'; error: unknown };

/**
 * THE join of a trainee to a webinar (learner-and-instructor.md §4; issue 5 item 4): every way into
 * a room goes through here, once per room visit, when the webinar is in progress. The camera face
 * check (photo every 10 s, compared with the stored photo) is to be inserted here, before
 * attendWebinar: a room can then wait for `joined` before it shows the stream.
 */
export function useJoinWebinar(webinarId: number | undefined, live: boolean): JoinState & { retry: () => void } {
  const [state, setState] = useState<JoinState>({ status: 'idle' });
  const joinedFor = useRef<number | null>(null);

  const join = useCallback(async (id: number) => {
    setState({ status: 'joining' });
    try {
      await attendWebinar(id);
      setState({ status: 'joined' });
    } catch (error) {
      setState({ status: 'failed', error });
    }
  }, []);

  useEffect(() => {
    // a ref, not state: a second effect run (StrictMode, a re-render) must not post attendance twice
    if (!live || !isRecordId(webinarId) || joinedFor.current === webinarId) return;
    joinedFor.current = webinarId;
    void join(webinarId);
  }, [live, webinarId, join]);

  const retry = useCallback(() => {
    if (isRecordId(webinarId)) void join(webinarId);
  }, [webinarId, join]);

  return { ...state, retry };
}
