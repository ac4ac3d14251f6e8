import { useEffect, useRef, useState } from 'react';
import { parseJson, refusalOf, requestHeaders } from '../../lib/api';
import { getSession } from '../../lib/session';
import type { SseMessage } from './sse';
import { type ConnectionState, openEventStream } from './stream';

/** The spec's polling period (learner-and-instructor.md §9), used only while a stream is down. */
export const ROOM_POLL_MS = 5000;

export interface EventStreamHandlers<E> {
  /** the event a message carries, or null to ignore it */
  parse: (message: SseMessage) => E | null;
  onEvent: (event: E) => void;
  /** reads the room's data again: on each (re)connection, and every ROOM_POLL_MS while the stream is not open */
  refresh: () => void;
}

/**
 * A live room's events (webinar rooms, exam rooms): opens the stream at `url` with the session's
 * bearer header, reads the room again each time the server says `ready` (events sent while the
 * stream was down are not replayed), and polls `refresh` every 5 seconds while the stream is not
 * open. `url` null closes it; `stream: false` never opens it and only polls. A 401 ends the session
 * as any call's would; 403/404 leave the room to polling.
 */
export function useEventStream<E>(
  url: string | null,
  handlers: EventStreamHandlers<E>,
  { stream = true }: { stream?: boolean } = {},
): { state: ConnectionState } {
  const [state, setState] = useState<ConnectionState>('connecting');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const active = url !== null;
  const streaming = active && stream;

  useEffect(() => {
    if (!streaming || url === null) return;
    let sentToken: string | undefined;
    return openEventStream<E>({
      url,
      headers: () => {
        sentToken = getSession()?.Token;
        return requestHeaders(sentToken);
      },
      parse: (message) => handlersRef.current.parse(message),
      onEvent: (event) => handlersRef.current.onEvent(event),
      onState: setState,
      onOpen: () => handlersRef.current.refresh(),
      onRefused: (status, body) => void refusalOf(status, false, parseJson(body), sentToken),
    });
  }, [streaming, url]);

  const live = streaming && state === 'open';
  useEffect(() => {
    if (!active || live) return;
    const timer = setInterval(() => handlersRef.current.refresh(), ROOM_POLL_MS);
    return () => clearInterval(timer);
  }, [active, live]);

  return { state: streaming ? state : 'unavailable' };
}
