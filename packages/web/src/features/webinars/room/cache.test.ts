import { CHAT_PAGE_SIZE, type ChatMessage, type ChatPage, type WebinarDetails } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { appendChatMessage, applyWebinarEvent, type ChatData, chatMessages, mergeLatestPage } from './cache';

const message = (ID: number): ChatMessage => ({
  ID,
  Message: `m${ID}`,
  CreatedAt: '2026-03-02T10:00:00+05:00',
  WebID: 1,
  UserID: 2,
  UserName: 'Иван',
  RoleID: 3,
});
const page = (ids: number[], pages = 1, total = ids.length): ChatPage => ({
  status: true,
  message: '',
  data: ids.map(message),
  pages,
  total,
});
const chat = (...pages: ChatPage[]): ChatData => ({ pages, pageParams: pages.map((_, i) => i + 1) });
const ids = (data: ChatData | undefined) => chatMessages(data).map((m) => m.ID);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('chatMessages', () => {
  it('shows the pages oldest first, each message once although pages overlap', () => {
    expect(ids(chat(page([5, 6, 7], 2, 6), page([3, 4, 5])))).toEqual([3, 4, 5, 6, 7]);
    expect(ids(undefined)).toEqual([]);
  });
});

describe('appendChatMessage', () => {
  it('puts a new message on page 1 and counts it', () => {
    const next = appendChatMessage(chat(page([1, 2])), message(3));
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next?.pages[0].total).toBe(3);
  });

  it('leaves the data as it is when the message is already there (send answer and event)', () => {
    const data = chat(page([1, 2]), page([0]));
    expect(appendChatMessage(data, message(2))).toBe(data);
    expect(appendChatMessage(data, message(0))).toBe(data);
  });

  it('waits for the first page rather than invent one', () => {
    expect(appendChatMessage(undefined, message(1))).toBeUndefined();
  });
});

describe('mergeLatestPage', () => {
  it('adds what was missed while the stream was down', () => {
    const merged = mergeLatestPage(chat(page([1, 2, 3])), page([2, 3, 4, 5], 1, 5));
    expect(ids(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.pages[0].total).toBe(5);
  });

  it('keeps the same data when nothing changed', () => {
    const data = chat(page([1, 2, 3]));
    expect(mergeLatestPage(data, page([1, 2, 3]))).toBe(data);
  });

  it('starts again from the fresh page when a full page shares nothing with what is shown', () => {
    const fresh = page(range(200, 200 + CHAT_PAGE_SIZE - 1), 5, 249);
    const merged = mergeLatestPage(chat(page([1, 2, 3]), page([0])), fresh);
    expect(merged.pages).toEqual([fresh]);
    expect(merged.pageParams).toEqual([1]);
  });

  it('starts the chat when there was none', () => {
    expect(ids(mergeLatestPage(undefined, page([4])))).toEqual([4]);
  });
});

describe('applyWebinarEvent', () => {
  const details = {
    ID: 1,
    Status: 'В процессе',
    EndedAt: null,
    Docs: [],
    Online: 1,
    TotalStudents: 3,
    ActiveTest: null,
  } as unknown as WebinarDetails;

  it('updates what each event carries', () => {
    expect(applyWebinarEvent(details, { type: 'status', data: { Status: 'Завершен', EndedAt: 'x' } })).toMatchObject({
      Status: 'Завершен',
      EndedAt: 'x',
    });
    expect(applyWebinarEvent(details, { type: 'online', data: { Online: 4, TotalStudents: 9 } })).toMatchObject({
      Online: 4,
      TotalStudents: 9,
    });
    expect(applyWebinarEvent(details, { type: 'test', data: { TestID: 7, Deadline: '' } })).toMatchObject({ ActiveTest: 7 });
    const doc = { ID: 1, Name: 'a.pdf', CreatedAt: '', Size: 1, Path: '/files/a' };
    expect(applyWebinarEvent(details, { type: 'docs', data: { Docs: [doc] } })?.Docs).toEqual([doc]);
  });

  it('changes nothing it does not know about', () => {
    expect(applyWebinarEvent(details, { type: 'refetch', what: 'all' })).toBe(details);
    expect(applyWebinarEvent(undefined, { type: 'test', data: { TestID: 7, Deadline: '' } })).toBeUndefined();
  });
});
