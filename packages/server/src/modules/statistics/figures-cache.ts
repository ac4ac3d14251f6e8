/**
 * Values by key, each kept for `ttlMs` and only while the version it was made at is current; callers
 * asking for one key and version meanwhile share one making. At most `size` keys are kept: the
 * oldest made is dropped first. A making that fails is forgotten, so the next caller tries again.
 */
export class FiguresCache<T> {
  private readonly entries = new Map<string, { version: string; until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: string, make: () => Promise<T>): Promise<T> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.until > now) return entry.value;
    const value = make();
    this.entries.delete(key);
    this.entries.set(key, { version, until: now + this.ttlMs, value });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
