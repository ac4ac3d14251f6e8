import { describe, expect, it } from 'vitest';
import { SseParser } from '../../rooms/sse';
import { parseRoomEvent } from './roomEvents';

const chat = { ID: 7, Message: 'Привет', CreatedAt: '2026-03-02T10:00:00+05:00', WebID: 3, UserID: 4, UserName: 'Иван', RoleID: 4 };

function parseAll(chunks: string[]) {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

describe('SseParser', () => {
  it('reads the server frames: event, data, blank line', () => {
    expect(parseAll([`event: chat\ndata: ${JSON.stringify(chat)}\n\n`])).toEqual([{ event: 'chat', data: JSON.stringify(chat) }]);
  });

  it('joins frames split anywhere, also inside a CR LF pair', () => {
    const text = 'event: online\r\ndata: {"Online":2,"TotalStudents":5}\r\n\r\nevent: status\r\ndata: {}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual([
        { event: 'online', data: '{"Online":2,"TotalStudents":5}' },
        { event: 'status', data: '{}' },
      ]);
    }
    const single = [...text].map((char) => char);
    expect(parseAll(single)).toHaveLength(2);
  });

  it('accepts LF, CR and CR LF line ends alike', () => {
    expect(parseAll(['data: a\rdata: b\r\rdata: c\n\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'message', data: 'c' },
    ]);
  });

  it('skips comments (the heartbeat) and messages without data', () => {
    expect(parseAll([': heartbeat\n\n', 'event: ready\n\n', ':\n', 'event: chat\ndata: 1\n\n'])).toEqual([{ event: 'chat', data: '1' }]);
  });

  it('strips one space after the colon only, and a leading BOM', () => {
    expect(parseAll(['\uFEFFdata:  two spaces\ndata:none\ndata\n\n'])).toEqual([{ event: 'message', data: ' two spaces\nnone\n' }]);
  });

  it('keeps an unfinished message until its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: chat\ndata: {"a":')).toEqual([]);
    expect(parser.push('1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'chat', data: '{"a":1}' }]);
  });

  it('remembers retry and the last id', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\nid: 5\ndata: x\n\nretry: soon\ndata: y\n\n')).toEqual([
      { event: 'message', data: 'x', id: '5' },
      { event: 'message', data: 'y', id: '5' },
    ]);
    expect(parser.retry).toBe(3000);
  });
});

describe('parseRoomEvent', () => {
  it('reads each event of the contracts', () => {
    expect(parseRoomEvent({ event: 'chat', data: JSON.stringify(chat) })).toEqual({ type: 'chat', data: chat });
    expect(parseRoomEvent({ event: 'status', data: '{"Status":"Завершен","EndedAt":"2026-03-02T11:00:00Z"}' })).toEqual({
      type: 'status',
      data: { Status: 'Завершен', EndedAt: '2026-03-02T11:00:00Z' },
    });
    expect(parseRoomEvent({ event: 'test', data: '{"TestID":9,"Deadline":"2026-03-02T11:00:00Z"}' })).toEqual({
      type: 'test',
      data: { TestID: 9, Deadline: '2026-03-02T11:00:00Z' },
    });
    const doc = { ID: 1, Name: 'a.pdf', CreatedAt: '2026-03-02T10:00:00Z', Size: 10, Path: '/files/webinars/x.pdf' };
    expect(parseRoomEvent({ event: 'docs', data: JSON.stringify({ Docs: [doc] }) })).toEqual({ type: 'docs', data: { Docs: [doc] } });
    expect(parseRoomEvent({ event: 'online', data: '{"Online":3,"TotalStudents":10}' })).toEqual({
      type: 'online',
      data: { Online: 3, TotalStudents: 10 },
    });
  });

  it('asks for a refetch when an event comes without its payload', () => {
    expect(parseRoomEvent({ event: 'docs', data: '{}' })).toEqual({ type: 'refetch', what: 'webinar' });
    expect(parseRoomEvent({ event: 'status', data: 'not json' })).toEqual({ type: 'refetch', what: 'webinar' });
  });

  it('reads the server refetch: chat page 1, the webinar, or both', () => {
    expect(parseRoomEvent({ event: 'refetch', data: '{"What":"chat"}' })).toEqual({ type: 'refetch', what: 'chat' });
    for (const what of ['status', 'test', 'docs', 'online']) {
      expect(parseRoomEvent({ event: 'refetch', data: JSON.stringify({ What: what }) })).toEqual({ type: 'refetch', what: 'webinar' });
    }
    expect(parseRoomEvent({ event: 'refetch', data: '{"What":"all"}' })).toEqual({ type: 'refetch', what: 'all' });
    expect(parseRoomEvent({ event: 'refetch', data: '' })).toEqual({ type: 'refetch', what: 'all' });
  });

  it('ignores malformed chat, keep-alives and unknown types', () => {
    expect(parseRoomEvent({ event: 'chat', data: '{"ID":"7"}' })).toBeNull();
    expect(parseRoomEvent({ event: 'ready', data: '{}' })).toBeNull();
    expect(parseRoomEvent({ event: 'tick', data: '{}' })).toBeNull();
    expect(parseRoomEvent({ event: 'online', data: '{"Online":"3"}' })).toBeNull();
  });
});
