import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.js';

/**
 * Messages between the server processes that share one database, over PostgreSQL `LISTEN/NOTIFY`.
 * A message is delivered to every process listening on the channel, the sender included, once the
 * sender's transaction commits. Delivery is best-effort: while the listening connection is down
 * messages are lost, so a listener that keeps state must drop it when `onReset` is called and must
 * not trust it while `live` is false.
 */
export interface Notifier {
  /** Whether messages are arriving now (always true for a single process). */
  readonly live: boolean;
  /** Whether other processes can exist (a real PostgreSQL server). */
  readonly shared: boolean;
  /** Sends `payload` (at most ~7,900 bytes) on `channel` to every process. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `handler` for each message on `channel`; `onReset` whenever messages may have been missed
   * (the connection was lost or has just come back).
   */
  listen(channel: string, handler: (payload: string) => void, onReset?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database serves one process: nobody else to tell. */
export class LocalNotifier implements Notifier {
  readonly live = true;
  readonly shared = false;
  async notify() {}
  async listen() {}
  async close() {}
}

interface Subscription {
  handler: (payload: string) => void;
  onReset?: () => void;
}

const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * One dedicated connection that LISTENs on every channel in use; messages are sent through the
 * application's pool. The connection comes back by itself after a failure, and each subscriber is
 * told (`onReset`) when it went down and when it is back.
 */
export class PgNotifier implements Notifier {
  readonly shared = true;
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscriptions = new Map<string, Subscription[]>();

  constructor(
    private readonly connectionString: string,
    private readonly db: Db,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  get live() {
    return this.connected;
  }

  async notify(channel: string, payload: string) {
    await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }

  async listen(channel: string, handler: (payload: string) => void, onReset?: () => void) {
    const list = this.subscriptions.get(channel);
    if (list) list.push({ handler, onReset });
    else this.subscriptions.set(channel, [{ handler, onReset }]);
    if (this.connected && this.client && !list) await this.client.query(`listen ${quoteIdent(channel)}`);
    else if (!this.connected) await this.connect();
  }

  /** Opens the listening connection; resolves once it listens, or after a failed try (it retries). */
  connect(): Promise<void> {
    if (this.closed || this.connected) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      for (const s of this.subscriptions.get(message.channel) ?? []) s.handler(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.subscriptions.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connected = true;
    this.attempts = 0;
    // anything sent before this moment was missed
    this.reset();
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client === client || this.client === null) {
      const wasConnected = this.connected;
      this.client = null;
      this.connected = false;
      if (wasConnected) this.reset();
    }
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (this.closed || this.timer) return;
    if (error) this.log('notifications: listening connection lost, reconnecting', error);
    const delay = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)];
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  private reset() {
    for (const list of this.subscriptions.values()) for (const s of list) s.onReset?.();
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connecting;
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
