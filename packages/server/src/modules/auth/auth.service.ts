import { createHash, randomBytes } from 'node:crypto';
import type { RoleId } from '@oqu/contracts';
import type { Config } from '../../config.js';
import { AppError, unauthorized, unprocessable } from '../../errors.js';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/passwords.js';
import type { AuditService } from '../audit/audit.service.js';
import { toSessionUser } from './auth.presenter.js';
import type { AuthRepository } from './auth.repository.js';

export interface AuthUser {
  id: number;
  roleId: RoleId;
  fullName: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditService,
    private readonly config: Config,
  ) {}

  /** Signs in by IIN, personnel number or login. Wrong credentials always get the same answer. */
  async login(identifier: string, password: string, ip: string) {
    const accountKey = `account:${identifier.toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    const window = this.config.LOGIN_LOCK_MINUTES;
    const failures = await this.repository.recentFailures([accountKey, ipKey], window);
    const locked = failures.find((f) =>
      f.key === accountKey ? f.failures >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT : f.failures >= this.config.LOGIN_MAX_FAILURES_PER_IP,
    );
    if (locked) throw new AppError(429, 'login_locked', { minutes: Math.max(1, locked.minutes_left) });

    const account = await this.repository.findAccount(identifier);
    let passwordOk = false;
    if (account) passwordOk = await verifyPassword(account.password_hash, password);
    else await verifyDecoy(password);
    if (!account || !passwordOk) {
      await this.repository.recordFailure([accountKey, ipKey], window);
      throw unauthorized('login_invalid');
    }
    // said only to someone who knows the password, so it reveals nothing to a guesser
    if (account.is_blocked) throw new AppError(403, 'login_blocked');
    await this.repository.clearFailures(accountKey);
    await this.repository.deleteExpiredSessions(account.id);

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
    await this.repository.createSession(account.id, hashToken(token), expiresAt);
    const photos = await this.repository.photoKeys(account.id);
    return { ...toSessionUser(account, photos), Token: token };
  }

  async authenticate(token: string): Promise<AuthUser | null> {
    const row = await this.repository.findSessionUser(hashToken(token));
    return row ? { id: row.id, roleId: row.role_id as RoleId, fullName: row.full_name } : null;
  }

  async me(userId: number) {
    const account = await this.repository.findUser(userId);
    if (!account) throw unauthorized('session_expired');
    return toSessionUser(account, await this.repository.photoKeys(userId));
  }

  logout(token: string) {
    return this.repository.deleteSession(hashToken(token));
  }

  /** Ends every session of a person: on block, deletion and a password change by an admin. */
  revokeSessions(userId: number) {
    return this.repository.deleteUserSessions(userId);
  }

  /** The caller's own change: other sessions end, this one goes on. */
  async changePassword(user: AuthUser, token: string, currentPassword: string, newPassword: string) {
    const account = await this.repository.findUser(user.id);
    if (!account || !(await verifyPassword(account.password_hash, currentPassword))) throw unprocessable('password_wrong');
    await this.repository.updatePassword(user.id, await hashPassword(newPassword));
    await this.repository.deleteUserSessions(user.id, hashToken(token));
    await this.audit.record(user.id, 'password.change', user.id);
  }

  async setPassword(actor: AuthUser, userId: number, newPassword: string) {
    await this.repository.updatePassword(userId, await hashPassword(newPassword));
    await this.repository.deleteUserSessions(userId);
    await this.audit.record(actor.id, 'password.reset', userId);
  }
}
