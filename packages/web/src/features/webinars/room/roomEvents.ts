import type { ChatMessage, WebinarDocument, WebinarStatus } from '@oqu/contracts';
import { dataOf, isInt, isObject, isText, type SseMessage } from '../../rooms/sse';

/**
 * What a room does with an event of GET /api/web/events/{id} (contracts `webinarEvent`). `refetch`
 * says "something changed, read it again": the server's `refetch` {What} (an event too big for its
 * fan-out, or events it may have missed), or an event of ours that came without its payload.
 */
export type RoomEvent =
  | { type: 'chat'; data: ChatMessage }
  | { type: 'status'; data: { Status: WebinarStatus; EndedAt: string | null } }
  | { type: 'test'; data: { TestID: number; Deadline: string } }
  | { type: 'docs'; data: { Docs: WebinarDocument[] } }
  | { type: 'online'; data: { Online: number; TotalStudents: number } }
  | { type: 'refetch'; what: RefetchWhat };

/** What to read again: chat page 1, the webinar (GET /api/web/getweb/{id}), or both. */
export type RefetchWhat = 'chat' | 'webinar' | 'all';

const STATUSES: readonly string[] = ['Ожидается', 'В процессе', 'Завершен'];

function isChatMessage(value: unknown): value is ChatMessage {
  return (
    isObject(value) &&
    isInt(value.ID) &&
    isText(value.Message) &&
    isText(value.CreatedAt) &&
    isInt(value.WebID) &&
    isInt(value.UserID) &&
    isText(value.UserName) &&
    isInt(value.RoleID)
  );
}

function isDocument(value: unknown): value is WebinarDocument {
  return isObject(value) && isInt(value.ID) && isText(value.Name) && isText(value.Path) && isText(value.CreatedAt) && isInt(value.Size);
}

/**
 * The room event a message carries, checked field by field (a malformed one is ignored, so one bad
 * frame cannot break the room); null for messages a room does not act on (`ready`, a keep-alive).
 */
function refetchOf(what: unknown): RefetchWhat {
  if (what === 'chat') return 'chat';
  if (what === 'status' || what === 'test' || what === 'docs' || what === 'online') return 'webinar';
  return 'all';
}

export function parseRoomEvent(message: SseMessage): RoomEvent | null {
  if (message.event === 'ready' || message.event === 'ping' || message.event === 'message') return null;
  const data = dataOf(message);
  switch (message.event) {
    case 'chat':
      return isChatMessage(data) ? { type: 'chat', data } : null;
    case 'status':
      if (isObject(data) && isText(data.Status) && STATUSES.includes(data.Status)) {
        const endedAt = isText(data.EndedAt) ? data.EndedAt : null;
        return { type: 'status', data: { Status: data.Status as WebinarStatus, EndedAt: endedAt } };
      }
      return { type: 'refetch', what: 'webinar' };
    case 'test':
      return isObject(data) && isInt(data.TestID)
        ? { type: 'test', data: { TestID: data.TestID, Deadline: isText(data.Deadline) ? data.Deadline : '' } }
        : { type: 'refetch', what: 'webinar' };
    case 'docs':
      return isObject(data) && Array.isArray(data.Docs) && data.Docs.every(isDocument)
        ? { type: 'docs', data: { Docs: data.Docs } }
        : { type: 'refetch', what: 'webinar' };
    case 'online':
      return isObject(data) && isInt(data.Online) && isInt(data.TotalStudents)
        ? { type: 'online', data: { Online: data.Online, TotalStudents: data.TotalStudents } }
        : null;
    case 'refetch':
      return { type: 'refetch', what: refetchOf(isObject(data) ? data.What : undefined) };
    default:
      // an unknown type is ignored, not refetched: a periodic one would otherwise turn every viewer into a poller
      return null;
  }
}
