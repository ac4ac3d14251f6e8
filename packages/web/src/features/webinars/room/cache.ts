import type { ChatMessage, ChatPage, WebinarDetails } from '@oqu/contracts';
import { CHAT_PAGE_SIZE } from '@oqu/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import type { RoomEvent } from './roomEvents';

/** The chat as `useChat` caches it: pages[0] is page 1 (the newest), each page oldest first. */
export type ChatData = InfiniteData<ChatPage, unknown>;

const byId = (a: ChatMessage, b: ChatMessage) => a.ID - b.ID;

function knownIds(data: ChatData): Set<number> {
  const ids = new Set<number>();
  for (const page of data.pages) for (const message of page.data) ids.add(message.ID);
  return ids;
}

/**
 * The messages to show, oldest first, each once. Pages overlap as new messages push older ones to
 * later pages, and a message pushed live may also come back in a page read later.
 */
export function chatMessages(data: ChatData | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Map<number, ChatMessage>();
  for (const page of data.pages) for (const message of page.data) if (!seen.has(message.ID)) seen.set(message.ID, message);
  return [...seen.values()].sort(byId);
}

/**
 * Adds a message (pushed live, or the answer to our own send) to page 1; the same object when it is
 * already there, so a message arriving twice (its send answer and its event) renders once.
 */
export function appendChatMessage(data: ChatData | undefined, message: ChatMessage): ChatData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (knownIds(data).has(message.ID)) return data;
  const [first, ...rest] = data.pages;
  const page: ChatPage = { ...first, data: [...first.data, message].sort(byId), total: first.total + 1 };
  return { ...data, pages: [page, ...rest] };
}

/**
 * Merges a freshly read page 1 (after a reconnect, or a poll while the stream is down). When it
 * shares nothing with what is shown and is full, messages may be missing between the two: then the
 * chat starts again from the fresh page (older pages load again on scroll) rather than show a gap.
 */
export function mergeLatestPage(data: ChatData | undefined, fresh: ChatPage): ChatData {
  if (!data || data.pages.length === 0) return { pages: [fresh], pageParams: [1] };
  const known = knownIds(data);
  const newest = Math.max(0, ...known);
  const oldestFresh = fresh.data.length > 0 ? Math.min(...fresh.data.map((message) => message.ID)) : 0;
  if (known.size > 0 && fresh.data.length >= CHAT_PAGE_SIZE && oldestFresh > newest) return { pages: [fresh], pageParams: [1] };

  const added = fresh.data.filter((message) => !known.has(message.ID));
  const [first, ...rest] = data.pages;
  if (added.length === 0 && first.pages === fresh.pages && first.total === fresh.total) return data;
  const page: ChatPage = { ...first, data: [...first.data, ...added].sort(byId), pages: fresh.pages, total: fresh.total };
  return { ...data, pages: [page, ...rest] };
}

/** A webinar's details after an event; the same object when the event changes nothing of them. */
export function applyWebinarEvent(details: WebinarDetails | undefined, event: RoomEvent): WebinarDetails | undefined {
  if (!details) return details;
  switch (event.type) {
    case 'status':
      return { ...details, Status: event.data.Status, EndedAt: event.data.EndedAt ?? details.EndedAt };
    case 'docs':
      return { ...details, Docs: event.data.Docs };
    case 'online':
      return { ...details, Online: event.data.Online, TotalStudents: event.data.TotalStudents };
    case 'test':
      return { ...details, ActiveTest: event.data.TestID };
    default:
      return details;
  }
}
