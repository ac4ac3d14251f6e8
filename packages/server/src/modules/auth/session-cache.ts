/**
 * Resolved sessions kept in this process for a short while, keyed by token hash, so a signed-in
 * request usually costs no query. An entry lives until the earlier of `ttlMs` and the session's own
 * expiry. Ending sessions removes their entries at once (`forgetToken`, `forgetUser`); a lookup that
 * was already on its way when something was forgotten is not cached (the `generation` check), so a
 * stale answer read just before a logout or a block cannot settle in the cache afterwards.
 */
export interface CachedSession<U> {
  user: U;
  userId: number;
  /** When the entry stops being used: the earlier of the cache's TTL and the session's expiry. */
  until: number;
}

export class SessionCache<U> {
  private readonly entries = new Map<string, CachedSession<U>>();
  private readonly byUser = new Map<number, Set<string>>();
  private generationValue = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get size() {
    return this.entries.size;
  }

  /** Changes whenever anything is forgotten; a lookup started under another generation is not kept. */
  get generation() {
    return this.generationValue;
  }

  get(tokenHash: string): U | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.remove(tokenHash, entry.userId);
      return undefined;
    }
    return entry.user;
  }

  /** Keeps a session found by a lookup that started at `generation`, unless something ended since. */
  set(tokenHash: string, userId: number, user: U, expiresAt: Date, generation: number) {
    if (!this.enabled || generation !== this.generationValue) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (until <= this.now()) return;
    const existing = this.entries.get(tokenHash);
    if (existing) this.remove(tokenHash, existing.userId);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1].userId);
    }
    this.entries.set(tokenHash, { user, userId, until });
    let tokens = this.byUser.get(userId);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(userId, tokens);
    }
    tokens.add(tokenHash);
  }

  forgetToken(tokenHash: string) {
    this.generationValue++;
    const entry = this.entries.get(tokenHash);
    if (entry) this.remove(tokenHash, entry.userId);
  }

  forgetUser(userId: number) {
    this.generationValue++;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  clear() {
    this.generationValue++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    if (!tokens) return;
    tokens.delete(tokenHash);
    if (tokens.size === 0) this.byUser.delete(userId);
  }
}
