import type { ChatMessage, WebinarDetails } from '@oqu/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isRecordId } from '../../../lib/api';
import type { ConnectionState } from '../../rooms/stream';
import { useEventStream } from '../../rooms/useEventStream';
import { fetchChatPage, webinarsKeys } from '../api';
import { appendChatMessage, applyWebinarEvent, type ChatData, mergeLatestPage } from './cache';
import { parseRoomEvent, type RefetchWhat, type RoomEvent } from './roomEvents';

/** What a room wants to hear besides the cache updates this hook makes itself. */
export interface WebinarEventHandlers {
  onChat?: (message: ChatMessage) => void;
  onStatus?: (data: { Status: WebinarDetails['Status']; EndedAt: string | null }) => void;
  onTest?: (data: { TestID: number; Deadline: string }) => void;
  onOnline?: (data: { Online: number; TotalStudents: number }) => void;
}

/** Reads chat page 1 and merges it into the cached chat (pages already loaded stay). */
async function refreshChat(client: QueryClient, webinarId: number): Promise<void> {
  const key = webinarsKeys.chat(webinarId);
  // before the chat's first page has arrived, its own load brings the news
  if (client.getQueryData<ChatData>(key) === undefined) return;
  try {
    const fresh = await fetchChatPage(webinarId, 1);
    client.setQueryData<ChatData>(key, (old) => mergeLatestPage(old, fresh));
  } catch {
    // the next poll or reconnection tries again
  }
}

/** Reads again what `what` names: the webinar (GET /api/web/getweb/{id}), chat page 1, or both. */
export async function refreshRoom(client: QueryClient, webinarId: number, what: RefetchWhat = 'all'): Promise<void> {
  if (what !== 'chat') void client.invalidateQueries({ queryKey: webinarsKeys.one(webinarId), exact: true });
  if (what !== 'webinar') await refreshChat(client, webinarId);
}

/**
 * Keeps a room's webinar (webinarsKeys.one) and chat (webinarsKeys.chat) fresh from the event
 * stream GET /api/web/events/{id}: `chat` goes onto page 1 (each message once), `status`, `docs`,
 * `online` and `test` update the webinar, `refetch` reads again what it names. Each (re)connection
 * reads the webinar and chat page 1 once the server says `ready`, since events sent while the
 * stream was down are not replayed. While the stream is not open the room polls both every 5
 * seconds, as the spec's client did. `enabled: false` closes it (a finished webinar: nothing more
 * happens, and an open stream would count as presence). `stream: false` never opens the stream and
 * only polls: for people who read webinars without sitting in rooms (examiners), who have none.
 */
export function useWebinarEvents(
  webinarId: number | undefined,
  handlers: WebinarEventHandlers = {},
  { enabled = true, stream = true }: { enabled?: boolean; stream?: boolean } = {},
): { state: ConnectionState } {
  const client = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const active = enabled && isRecordId(webinarId);

  const handle = useCallback(
    (event: RoomEvent) => {
      if (!isRecordId(webinarId)) return;
      const current = handlersRef.current;
      switch (event.type) {
        case 'chat':
          client.setQueryData<ChatData>(webinarsKeys.chat(webinarId), (old) => appendChatMessage(old, event.data));
          current.onChat?.(event.data);
          return;
        case 'refetch':
          void refreshRoom(client, webinarId, event.what);
          if (event.what !== 'chat') void client.invalidateQueries({ queryKey: webinarsKeys.tests(webinarId) });
          return;
        default:
          client.setQueryData<WebinarDetails>(webinarsKeys.one(webinarId), (old) => applyWebinarEvent(old, event));
      }
      if (event.type === 'status') current.onStatus?.(event.data);
      if (event.type === 'online') current.onOnline?.(event.data);
      if (event.type === 'test') {
        void client.invalidateQueries({ queryKey: webinarsKeys.tests(webinarId) });
        current.onTest?.(event.data);
      }
    },
    [client, webinarId],
  );
  const refresh = useCallback(() => {
    if (isRecordId(webinarId)) void refreshRoom(client, webinarId);
  }, [client, webinarId]);

  return useEventStream(active ? `/api/web/events/${webinarId}` : null, { parse: parseRoomEvent, onEvent: handle, refresh }, { stream });
}
