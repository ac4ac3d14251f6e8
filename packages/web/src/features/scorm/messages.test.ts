import { PLAYER_MESSAGES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../player/protocol';
import { launchMessage, playerMessageOf } from './messages';

const ORIGIN = 'http://127.0.0.1:3001';
const player = {} as MessageEventSource;
const other = {} as MessageEventSource;
const PROGRESS = { CompletionStatus: 'completed', SuccessStatus: 'passed', Score: 90, TotalSeconds: 75, LastLaunchedAt: null };

describe('playerMessageOf', () => {
  it('reads the player’s messages from its frame on the content origin', () => {
    const at = { origin: ORIGIN, window: player };
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: { type: PLAYER_MESSAGES.ready } }, at)).toEqual({ type: 'ready' });
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: { type: PLAYER_MESSAGES.expired } }, at)).toEqual({ type: 'expired' });
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: { type: PLAYER_MESSAGES.progress, progress: PROGRESS } }, at)).toEqual({
      type: 'progress',
      progress: PROGRESS,
    });
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: { type: PLAYER_MESSAGES.finished, progress: 'junk' } }, at)).toEqual({
      type: 'finished',
      progress: null,
    });
  });

  it('ignores another origin, another window, no frame yet and foreign messages', () => {
    const at = { origin: ORIGIN, window: player };
    const ready = { type: PLAYER_MESSAGES.ready };
    expect(playerMessageOf({ origin: 'http://127.0.0.1:3000', source: player, data: ready }, at)).toBeNull();
    expect(playerMessageOf({ origin: ORIGIN, source: other, data: ready }, at)).toBeNull();
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: ready }, { origin: ORIGIN, window: null })).toBeNull();
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: { type: PLAYER_MESSAGES.launch, token: 'x' } }, at)).toBeNull();
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: 'oqu-scorm-ready' }, at)).toBeNull();
    expect(playerMessageOf({ origin: ORIGIN, source: player, data: null }, at)).toBeNull();
  });
});

describe('the player’s protocol', () => {
  it('names its messages as the contracts do', () => {
    expect(MESSAGES).toEqual(PLAYER_MESSAGES);
  });

  it('sends the launch with the token and the language', () => {
    expect(launchMessage('t0k', 'kk')).toEqual({ type: PLAYER_MESSAGES.launch, token: 't0k', lang: 'kk' });
  });
});
