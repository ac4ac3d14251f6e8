import type { ChatMessage, WebinarDocument } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { LocalNotifier, type Notifier } from './notify.js';
import { NOTIFY_PAYLOAD_MAX_BYTES, sseFrame, WEBINAR_EVENTS_CHANNEL, WebinarEventHub } from './realtime.js';

/** A stand-in for PostgreSQL LISTEN/NOTIFY: a notification comes back to every listener, the sender too. */
class FakeNotifier implements Notifier {
  readonly shared = true;
  live = true;
  failing = false;
  readonly sent: string[] = [];
  private readonly handlers: ((payload: string) => void)[] = [];
  private readonly resets: (() => void)[] = [];

  async notify(channel: string, payload: string) {
    if (this.failing) throw new Error('connection lost');
    expect(channel).toBe(WEBINAR_EVENTS_CHANNEL);
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    this.sent.push(payload);
    if (this.live) for (const h of this.handlers) h(payload);
  }
  async listen(_channel: string, handler: (payload: string) => void, onReset?: () => void) {
    this.handlers.push(handler);
    if (onReset) this.resets.push(onReset);
  }
  reset() {
    for (const r of this.resets) r();
  }
  async close() {}
}

const chat = (text: string): ChatMessage => ({
  ID: 7,
  Message: text,
  CreatedAt: '2026-11-25T04:00:00.000Z',
  WebID: 1,
  UserID: 3,
  UserName: 'Абенов Ерлан Маратович',
  RoleID: 4,
});
const doc = (i: number): WebinarDocument => ({
  ID: i,
  Name: `Инструкция по охране труда, часть ${i}.pdf`,
  CreatedAt: '2026-11-25T04:00:00.000Z',
  Size: 123_456,
  Path: `/files/webinars/${'0'.repeat(32)}.pdf`,
});

function room(hub: WebinarEventHub, webinarId: number) {
  const frames: string[] = [];
  const leave = hub.subscribe(webinarId, (frame) => frames.push(frame));
  return { frames, leave };
}

describe('WebinarEventHub', () => {
  it('writes an event as one SSE frame whose data is a single line', () => {
    const frame = sseFrame({ type: 'chat', data: chat('Первая строка\nвторая строка') });
    expect(frame).toBe(`event: chat\ndata: ${JSON.stringify(chat('Первая строка\nвторая строка'))}\n\n`);
    expect(frame.split('\n')).toHaveLength(4);
  });

  it('on the embedded database delivers at once to the rooms of that webinar only', async () => {
    const hub = new WebinarEventHub(new LocalNotifier());
    await hub.start();
    const a = room(hub, 1);
    const b = room(hub, 1);
    const other = room(hub, 2);
    await hub.publish(1, { type: 'online', data: { Online: 3, TotalStudents: 10 } });
    expect(a.frames).toEqual(['event: online\ndata: {"Online":3,"TotalStudents":10}\n\n']);
    expect(b.frames).toEqual(a.frames);
    expect(other.frames).toEqual([]);
    a.leave();
    await hub.publish(1, { type: 'status', data: { Status: 'Завершен', EndedAt: '2026-11-25T05:00:00.000Z' } });
    expect(a.frames).toHaveLength(1);
    expect(b.frames).toHaveLength(2);
    expect(hub.openRooms().get(1)?.size).toBe(1);
  });

  it('on PostgreSQL sends the ready frame through NOTIFY and delivers what comes back, to every process', async () => {
    const notifier = new FakeNotifier();
    const sender = new WebinarEventHub(notifier);
    const receiver = new WebinarEventHub(notifier);
    await sender.start();
    await receiver.start();
    const here = room(sender, 5);
    const there = room(receiver, 5);
    await sender.publish(5, { type: 'chat', data: chat('Добрый день') });
    const frame = sseFrame({ type: 'chat', data: chat('Добрый день') });
    expect(notifier.sent).toEqual([`5\n${frame}`]);
    // once each: the sender's own room hears it when the notification comes back, not before as well
    expect(here.frames).toEqual([frame]);
    expect(there.frames).toEqual([frame]);
  });

  it('sends an event too big for a notification as `refetch` of its kind', async () => {
    const notifier = new FakeNotifier();
    const hub = new WebinarEventHub(notifier);
    await hub.start();
    const r = room(hub, 9);
    const docs = Array.from({ length: 60 }, (_, i) => doc(i + 1));
    expect(Buffer.byteLength(JSON.stringify(docs))).toBeGreaterThan(NOTIFY_PAYLOAD_MAX_BYTES);
    await hub.publish(9, { type: 'docs', data: { Docs: docs } });
    // control characters are escaped six bytes each: a long enough chat message overflows too
    await hub.publish(9, { type: 'chat', data: chat('\u0001'.repeat(1500)) });
    expect(r.frames).toEqual(['event: refetch\ndata: {"What":"docs"}\n\n', 'event: refetch\ndata: {"What":"chat"}\n\n']);
    // the embedded database has no such limit
    const local = new WebinarEventHub(new LocalNotifier());
    const l = room(local, 9);
    await local.publish(9, { type: 'docs', data: { Docs: docs } });
    expect(JSON.parse(l.frames[0]!.split('\n')[1]!.slice(6)).Docs).toHaveLength(60);
  });

  it('tells every room to reload when notifications may have been missed', async () => {
    const notifier = new FakeNotifier();
    const hub = new WebinarEventHub(notifier);
    await hub.start();
    const a = room(hub, 1);
    const b = room(hub, 2);
    notifier.reset();
    expect(a.frames).toEqual(['event: refetch\ndata: {"What":"all"}\n\n']);
    expect(b.frames).toEqual(a.frames);
  });

  it('still reaches this process’s rooms while its listening connection is down, or when NOTIFY fails', async () => {
    const notifier = new FakeNotifier();
    const errors: string[] = [];
    const hub = new WebinarEventHub(notifier, (message) => errors.push(message));
    await hub.start();
    const r = room(hub, 3);
    notifier.live = false;
    await hub.publish(3, { type: 'test', data: { TestID: 4, Deadline: '2026-11-25T05:00:00.000Z' } });
    expect(r.frames).toHaveLength(1);
    notifier.live = true;
    notifier.failing = true;
    await expect(hub.publish(3, { type: 'chat', data: chat('Слышно?') })).resolves.toBeUndefined();
    expect(r.frames).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });

  it('keeps delivering to the other rooms when one fails, and ignores foreign payloads', async () => {
    const notifier = new FakeNotifier();
    const hub = new WebinarEventHub(notifier);
    await hub.start();
    hub.subscribe(4, () => {
      throw new Error('socket gone');
    });
    const r = room(hub, 4);
    await hub.publish(4, { type: 'online', data: { Online: 1, TotalStudents: 1 } });
    expect(r.frames).toHaveLength(1);
    await notifier.notify(WEBINAR_EVENTS_CHANNEL, 'garbage');
    await notifier.notify(WEBINAR_EVENTS_CHANNEL, '\nevent: chat\n\n');
    expect(r.frames).toHaveLength(1);
  });
});
