import { createHash, randomBytes } from 'node:crypto';
import type { RoleId } from '@oqu/contracts';
import type { Config } from '../../config.js';
import { AppError, unauthorized, unprocessable } from '../../errors.js';
import type { MessageKey } from '../../i18n/messages.js';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/passwords.js';
import { LocalNotifier, type Notifier } from '../../plugins/notify.js';
import type { AuditService } from '../audit/audit.service.js';
import { toSessionUser } from './auth.presenter.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthUser } from './auth-user.js';
import { isKnownDevice, signDevice } from './known-device.js';
import { KNOWN_FOR_DAYS, minutesToWait, type ThrottleKeys, throttleKeys, typedIdentifier } from './login-throttle.js';
import { SessionCache } from './session-cache.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server processes tell each other which sessions ended: `t:<token hash>` or `u:<user id>`. */
export const SESSIONS_CHANNEL = 'oqu_sessions';

/** Which sessions end: one (by its token's hash), or all of a person's, optionally but one. */
export type SessionsToEnd = { tokenHash: string } | { userId: number; exceptTokenHash?: string };

/** The sessions a message on SESSIONS_CHANNEL ends; null for one not understood. */
const endedBy = (payload: string): SessionsToEnd | null =>
  payload.startsWith('t:') ? { tokenHash: payload.slice(2) } : payload.startsWith('u:') ? { userId: Number(payload.slice(2)) } : null;

/** Told of sessions that ended, here or in another process; `null` when some may have gone unheard. */
export type SessionsEndedListener = (ended: SessionsToEnd | null) => void;

export class AuthService {
  private readonly cache: SessionCache<AuthUser>;
  private readonly endedListeners: SessionsEndedListener[] = [];
  /** The known-device cookie's key: made once by the migrations, read once per process. */
  private deviceKeyRead?: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditService,
    private readonly config: Config,
    private readonly notifier: Notifier = new LocalNotifier(),
  ) {
    this.cache = new SessionCache(config.SESSION_CACHE_SECONDS * 1000, config.SESSION_CACHE_SIZE);
  }

  /** Starts hearing of sessions ended by other server processes (a no-op on the embedded database). */
  start() {
    return this.notifier.listen(
      SESSIONS_CHANNEL,
      (payload) => {
        if (payload.startsWith('t:')) this.cache.forgetToken(payload.slice(2));
        else if (payload.startsWith('u:')) this.cache.forgetUser(Number(payload.slice(2)));
        else this.cache.clear();
        this.tellEnded(endedBy(payload));
      },
      // messages may have been missed while the connection was down: trust nothing cached before
      () => {
        this.cache.clear();
        this.tellEnded(null);
      },
    );
  }

  /** Calls `listener` whenever sessions end, in this process or (heard over the notifier) in another. */
  onSessionsEnded(listener: SessionsEndedListener) {
    this.endedListeners.push(listener);
  }

  private tellEnded(ended: SessionsToEnd | null) {
    for (const listener of this.endedListeners) listener(ended);
  }

  /**
   * Signs in by IIN, personnel number or login. Wrong credentials always get the same answer, and
   * every password is checked only once the attempt is counted (`guarded`). A sign-in makes its
   * address known for the person, and answers the known-device cookie's new value (`device`).
   */
  async login(identifier: string, password: string, ip: string, deviceCookie?: string) {
    const account = await this.repository.findAccount(typedIdentifier(identifier));
    const keys = throttleKeys(account ? { userId: account.id } : { identifier }, ip);
    const deviceKey = await this.deviceKey();
    const knownDevice = account !== undefined && isKnownDevice(deviceCookie, account, deviceKey, new Date());
    const passwordOk = await this.guarded(keys, knownDevice, 'login_locked', () =>
      account ? verifyPassword(account.password_hash, password) : verifyDecoy(password).then(() => false),
    );
    if (!account || !passwordOk) throw unauthorized('login_invalid');
    // said only to someone who knows the password, so it reveals nothing to a guesser
    if (account.is_blocked) throw new AppError(403, 'login_blocked');
    await this.repository.deleteExpiredSessions(account.id);
    await this.repository.rememberSignIn(keys.pair, KNOWN_FOR_DAYS);

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
    await this.repository.createSession(account.id, hashToken(token), expiresAt);
    const photos = await this.repository.photoKeys(account.id);
    return { user: { ...toSessionUser(account, photos), Token: token }, device: signDevice(account, deviceKey, new Date()) };
  }

  /**
   * The caller behind a bearer token. Resolved sessions are cached for a short while
   * (SESSION_CACHE_SECONDS, never past the session's expiry), and only while this process hears of
   * sessions ended elsewhere; `endSessions` removes them from every process's cache at once.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const cacheable = this.cache.enabled && this.notifier.live;
    if (cacheable) {
      const cached = this.cache.get(tokenHash);
      if (cached) return cached;
    }
    const generation = this.cache.generation;
    const row = await this.repository.findSessionUser(tokenHash);
    if (!row) return null;
    const user: AuthUser = Object.freeze({ id: row.id, roleId: row.role_id as RoleId, fullName: row.full_name });
    if (cacheable && this.notifier.live) this.cache.set(tokenHash, row.id, user, row.expires_at, generation);
    return user;
  }

  /**
   * The one way sessions end (logout, block, archiving or deletion, a role change, a password
   * change): the rows go, then this process forgets them and every other process is told to.
   */
  async endSessions(target: SessionsToEnd) {
    if ('tokenHash' in target) {
      await this.repository.deleteSession(target.tokenHash);
      this.cache.forgetToken(target.tokenHash);
      this.tellEnded(target);
      if (this.notifier.shared) await this.notifier.notify(SESSIONS_CHANNEL, `t:${target.tokenHash}`);
    } else {
      await this.repository.deleteUserSessions(target.userId, target.exceptTokenHash);
      this.cache.forgetUser(target.userId);
      this.tellEnded(target);
      if (this.notifier.shared) await this.notifier.notify(SESSIONS_CHANNEL, `u:${target.userId}`);
    }
  }

  async me(userId: number) {
    const account = await this.repository.findUser(userId);
    if (!account) throw unauthorized('session_expired');
    return { ...toSessionUser(account, await this.repository.photoKeys(userId)), IIN: account.iin };
  }

  logout(token: string) {
    return this.endSessions({ tokenHash: hashToken(token) });
  }

  /** Ends every session of a person: on block, a role change, archiving or deletion. */
  revokeSessions(userId: number) {
    return this.endSessions({ userId });
  }

  /** The caller's own change: other sessions end, this one goes on. */
  async changePassword(user: AuthUser, token: string, currentPassword: string, newPassword: string, ip: string, deviceCookie?: string) {
    const account = await this.repository.findUser(user.id);
    if (!account) throw unauthorized('session_expired');
    const keys = throttleKeys({ userId: user.id }, ip);
    const knownDevice = isKnownDevice(deviceCookie, account, await this.deviceKey(), new Date());
    if (!(await this.guarded(keys, knownDevice, 'password_locked', () => verifyPassword(account.password_hash, currentPassword)))) {
      throw unprocessable('password_wrong');
    }
    await this.repository.updatePassword(user.id, await hashPassword(newPassword));
    await this.endSessions({ userId: user.id, exceptTokenHash: hashToken(token) });
    await this.audit.record(user.id, 'password.change', user.id);
  }

  /**
   * Runs one password check under the throttle: the attempt is counted first (429 with the minutes
   * to wait when a limit is reached) and given back when the password proves right. An attempt from
   * a known device, or from an address the person signed in from, is let past the account's hold.
   */
  private async guarded(
    keys: ThrottleKeys,
    knownDevice: boolean,
    lockedMessage: MessageKey,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    const known = knownDevice || (await this.repository.signedInFrom(keys.pair, KNOWN_FOR_DAYS));
    const minutes = await this.repository.reserveAttempt(keys, this.config.LOGIN_LOCK_MINUTES, (counters, now) =>
      minutesToWait(counters, known, this.config, now),
    );
    if (minutes !== null) throw new AppError(429, lockedMessage, { minutes });
    const ok = await check();
    if (ok) await this.repository.releaseAttempt(keys);
    return ok;
  }

  private deviceKey() {
    this.deviceKeyRead ??= this.repository.deviceKey().catch((error: unknown) => {
      this.deviceKeyRead = undefined; // read again next time: the database may be back
      throw error;
    });
    return this.deviceKeyRead;
  }

  async setPassword(actor: AuthUser, userId: number, newPassword: string) {
    await this.repository.updatePassword(userId, await hashPassword(newPassword));
    await this.endSessions({ userId });
    await this.audit.record(actor.id, 'password.reset', userId);
  }
}
