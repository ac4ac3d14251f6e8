/**
 * Values by key, each kept while the version it was made at is current (and, with `ttlMs`, no longer
 * than that). Callers asking for one key and version at the same time share one making; a making that
 * fails is forgotten, so the next caller tries again. At most `size` keys are kept: the least recently
 * used goes first. The version is read by the caller before it asks, so a value is never older than
 * its version (at worst newer, and made again at the next version).
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { version: string | number; until: number; value: Promise<V> }>();

  constructor(
    private readonly size: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, version: string | number, make: () => Promise<V>): Promise<V> {
    const now = this.now();
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept && kept.version === version && kept.until > now) {
      this.entries.set(key, kept);
      return kept.value;
    }
    const entry = { version, until: now + this.ttlMs, value: make() };
    this.entries.set(key, entry);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as K);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}
