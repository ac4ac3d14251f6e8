import { describe, expect, it, vi } from 'vitest';
import { type Answer, CommitChannel, type CommitTransport } from './commits';

const PROGRESS = { CompletionStatus: 'incomplete', SuccessStatus: 'unknown', Score: null, TotalSeconds: 0, LastLaunchedAt: null };

function setup(answers: { now?: Answer; later?: Answer } = {}) {
  const sent: { how: string; body: { Token: string; Cmi: unknown; Terminate: boolean } }[] = [];
  const transport: CommitTransport = {
    now: (body) => {
      sent.push({ how: 'now', body: JSON.parse(body) });
      return answers.now === undefined ? { status: 200, text: JSON.stringify({ status: true, data: PROGRESS }) } : answers.now;
    },
    later: async (body) => {
      sent.push({ how: 'later', body: JSON.parse(body) });
      return answers.later === undefined ? { status: 200, text: JSON.stringify({ status: true, data: PROGRESS }) } : answers.later;
    },
    beacon: (body) => {
      sent.push({ how: 'beacon', body: JSON.parse(body) });
      return true;
    },
  };
  const events = { progress: vi.fn(), expired: vi.fn(), finished: vi.fn() };
  const channel = new CommitChannel('one', transport, events, (terminate) => ({ cmi: { location: 'now', terminate } }));
  return { channel, sent, events };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CommitChannel', () => {
  it('sends a commit with the token and tells the app the progress', () => {
    const { channel, sent, events } = setup();
    expect(channel.processHttpRequest('/runtime/commit', { cmi: { location: 'p1' } }, false)).toEqual({ result: 'true', errorCode: 0 });
    expect(sent).toEqual([{ how: 'now', body: { Token: 'one', Cmi: { cmi: { location: 'p1' } }, Terminate: false } }]);
    expect(events.progress).toHaveBeenCalledWith(PROGRESS);
    expect(events.finished).not.toHaveBeenCalled();
  });

  it('answers the course with a failure when the server refuses or cannot be reached', () => {
    expect(setup({ now: { status: 413, text: '' } }).channel.processHttpRequest('', {}, false).result).toBe('false');
    expect(setup({ now: null }).channel.processHttpRequest('', {}, false).result).toBe('false');
  });

  it('ends with the final commit: finished once, nothing after it, not even on closing the tab', async () => {
    const { channel, sent, events } = setup();
    channel.processHttpRequest('', { cmi: { location: 'end' } }, false, undefined, undefined, { isTerminateCommit: true });
    await settle();
    expect(sent).toEqual([{ how: 'later', body: { Token: 'one', Cmi: { cmi: { location: 'end' } }, Terminate: true } }]);
    expect(events.finished).toHaveBeenCalledWith(PROGRESS);
    channel.processHttpRequest('', {}, false);
    channel.leave();
    expect(sent).toHaveLength(1);
    expect(channel.terminated).toBe(true);
  });

  it('sends what is left by beacon when the tab closes, once', () => {
    const { channel, sent } = setup();
    channel.leave();
    channel.leave();
    expect(sent).toEqual([{ how: 'beacon', body: { Token: 'one', Cmi: { cmi: { location: 'now', terminate: true } }, Terminate: true } }]);
  });

  it('on an expired token asks for a new one and sends the data again under it', async () => {
    const { channel, sent, events } = setup({ now: { status: 401, text: '{}' } });
    expect(channel.processHttpRequest('', { cmi: { location: 'p2' } }, false).result).toBe('true');
    expect(events.expired).toHaveBeenCalledTimes(1);
    channel.renew('two');
    await settle();
    expect(sent[1]).toEqual({
      how: 'later',
      body: { Token: 'two', Cmi: { cmi: { location: 'now', terminate: false } }, Terminate: false },
    });
    expect(events.progress).toHaveBeenCalledWith(PROGRESS);
    // nothing waits any more: a later renewal sends nothing
    channel.renew('three');
    await settle();
    expect(sent).toHaveLength(2);
  });
});
