import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed grants for the live stream, checked without a database read (a thousand viewers
 * fetch a segment every two seconds): `<webinar>.<user>.<expiry seconds>.<mac>`, the mac an HMAC of
 * the purpose and the three numbers. A `watch` token opens a webinar's playlist and segments; a
 * `publish` ticket opens the teacher's WebSocket once. Neither is the session token, so an address
 * that leaks (a log, a shared link) opens only this for minutes.
 */
export type StreamGrantPurpose = 'watch' | 'publish';

export interface StreamGrant {
  webinarId: number;
  userId: number;
  /** when it stops opening anything */
  expiresAt: Date;
}

const TOKEN = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export class StreamTokens {
  constructor(private readonly key: string) {}

  private mac(purpose: StreamGrantPurpose, webinarId: number, userId: number, expires: number) {
    // 128 bits of the HMAC: forging one still takes 2^128 tries
    return createHmac('sha256', this.key).update(`${purpose}.${webinarId}.${userId}.${expires}`).digest('base64url').slice(0, 22);
  }

  /** A grant for `seconds` from `now`. */
  sign(
    purpose: StreamGrantPurpose,
    webinarId: number,
    userId: number,
    seconds: number,
    now = new Date(),
  ): { token: string; expiresAt: Date } {
    const expires = Math.floor(now.getTime() / 1000) + seconds;
    return {
      token: `${webinarId}.${userId}.${expires}.${this.mac(purpose, webinarId, userId, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** The grant the token carries, when it is one of ours for this purpose and webinar and has not expired; else null. */
  verify(purpose: StreamGrantPurpose, token: string | undefined, webinarId: number, now = new Date()): StreamGrant | null {
    const match = token ? TOKEN.exec(token) : null;
    if (!match) return null;
    const [, webinar, user, expires, mac] = match;
    if (Number(webinar) !== webinarId || Number(expires) * 1000 <= now.getTime()) return null;
    const expected = Buffer.from(this.mac(purpose, webinarId, Number(user), Number(expires)));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
    return { webinarId, userId: Number(user), expiresAt: new Date(Number(expires) * 1000) };
  }
}
