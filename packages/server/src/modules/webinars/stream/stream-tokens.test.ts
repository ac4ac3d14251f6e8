import { describe, expect, it } from 'vitest';
import { StreamTokens } from './stream-tokens.js';

const tokens = new StreamTokens('a key of the test');
const now = new Date('2026-12-02T10:00:00Z');

describe('StreamTokens', () => {
  it('opens what it was signed for until it expires', () => {
    const { token, expiresAt } = tokens.sign('watch', 7, 42, 600, now);
    expect(expiresAt.toISOString()).toBe('2026-12-02T10:10:00.000Z');
    expect(tokens.verify('watch', token, 7, now)).toEqual({ webinarId: 7, userId: 42, expiresAt });
    expect(tokens.verify('watch', token, 7, new Date(expiresAt.getTime() - 1000))?.userId).toBe(42);
    expect(tokens.verify('watch', token, 7, expiresAt)).toBeNull();
  });

  it('opens neither another webinar nor another purpose', () => {
    const { token } = tokens.sign('watch', 7, 42, 600, now);
    expect(tokens.verify('watch', token, 8, now)).toBeNull();
    expect(tokens.verify('publish', token, 7, now)).toBeNull();
  });

  it('refuses a token changed anywhere, signed with another key, or malformed', () => {
    const { token } = tokens.sign('watch', 7, 42, 600, now);
    const [webinar, user, expires, mac] = token.split('.');
    expect(tokens.verify('watch', `${webinar}.43.${expires}.${mac}`, 7, now)).toBeNull();
    expect(tokens.verify('watch', `${webinar}.${user}.${Number(expires) + 3600}.${mac}`, 7, now)).toBeNull();
    expect(tokens.verify('watch', `${webinar}.${user}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, 7, now)).toBeNull();
    expect(new StreamTokens('another key').verify('watch', token, 7, now)).toBeNull();
    for (const bad of [undefined, '', 'x', `${token}.`, `${token}x`, '7.42.1.aaaa']) expect(tokens.verify('watch', bad, 7, now)).toBeNull();
  });
});
