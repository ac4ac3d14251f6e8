import type { IHttpService, ResultObject } from 'scorm-again';

/** What the server answered a commit: its status and body, or null when it was not reached. */
export type Answer = { status: number; text: string } | null;

/** How commits travel to POST {content}/runtime/commit. */
export interface CommitTransport {
  /** a blocking request: Commit answers the course only when the server has the data */
  now(body: string): Answer;
  /** a request that outlives the page where it can (the course's Terminate often comes as it unloads) */
  later(body: string): Promise<Answer>;
  /** the tab is closing: sendBeacon, which cannot send headers, hence the token in the body */
  beacon(body: string): boolean;
}

/** What the player tells the app after commits. */
export interface CommitEvents {
  progress(progress: unknown): void;
  expired(): void;
  finished(progress: unknown): void;
}

const OK: ResultObject = { result: 'true', errorCode: 0 };
/** SCORM's general commit failure (391 in 2004, 101 general exception in 1.2 is not a commit code) */
const FAILED: ResultObject = { result: 'false', errorCode: 391 };

/**
 * scorm-again's HTTP service for the player: every commit of the course (Commit/LMSCommit and the
 * autocommits) goes to the server with the launch token, the final one (Terminate/LMSFinish) without
 * blocking, and the tab's closing sends what is left by sendBeacon. A commit refused for an expired
 * token is kept: the app launches again, and `renew` sends the current data under the new token.
 */
export class CommitChannel implements IHttpService {
  private token: string;
  private ended = false;
  private waiting: { terminate: boolean } | null = null;

  constructor(
    token: string,
    private readonly transport: CommitTransport,
    private readonly events: CommitEvents,
    /** the course's CMI data as scorm-again renders a commit of it */
    private readonly render: (terminate: boolean) => unknown,
  ) {
    this.token = token;
  }

  /** the course has ended its session (or the tab closed): no further commits */
  get terminated(): boolean {
    return this.ended;
  }

  processHttpRequest(
    _url: string,
    params: unknown,
    immediate: boolean,
    _apiLog?: unknown,
    _processListeners?: unknown,
    metadata?: { isTerminateCommit?: boolean },
  ): ResultObject {
    const terminate = immediate || metadata?.isTerminateCommit === true;
    if (this.ended) return OK;
    if (terminate) {
      this.ended = true;
      void this.transport.later(this.body(params, true)).then((answer) => this.settle(answer, true));
      return OK;
    }
    return this.settle(this.transport.now(this.body(params, false)), false) ? OK : FAILED;
  }

  updateSettings(): void {}

  /** A new launch token (the last one expired): what was refused goes again, as the data now stands. */
  renew(token: string): void {
    this.token = token;
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    void this.transport
      .later(this.body(this.render(waiting.terminate), waiting.terminate))
      .then((answer) => this.settle(answer, waiting.terminate));
  }

  /** The tab is closing: the session ends with the data as it stands, unless the course ended it already. */
  leave(): void {
    if (this.ended) return;
    this.ended = true;
    this.transport.beacon(this.body(this.render(true), true));
  }

  private body(cmi: unknown, terminate: boolean): string {
    return JSON.stringify({ Token: this.token, Cmi: cmi, Terminate: terminate });
  }

  /** Whether the commit is kept (sent, or waiting for a new token). */
  private settle(answer: Answer, terminate: boolean): boolean {
    if (!answer) return false;
    if (answer.status === 401) {
      this.waiting = { terminate };
      this.events.expired();
      return true;
    }
    if (answer.status < 200 || answer.status >= 300) return false;
    let progress: unknown = null;
    try {
      progress = (JSON.parse(answer.text) as { data?: unknown }).data ?? null;
    } catch {
      // an answer without a body still means the data is kept
    }
    this.events.progress(progress);
    if (terminate) this.events.finished(progress);
    return true;
  }
}

/** keepalive requests may carry at most 64 KB (all of a page's together) */
const KEEPALIVE_MAX = 60_000;

/** Commits over HTTP to `url` on the player's own origin. */
export function httpTransport(url: string): CommitTransport {
  return {
    now(body) {
      const xhr = new XMLHttpRequest();
      try {
        xhr.open('POST', url, false);
        xhr.setRequestHeader('Content-Type', 'application/json');
        xhr.send(body);
        return { status: xhr.status, text: xhr.responseText };
      } catch {
        return null;
      }
    },
    async later(body) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          credentials: 'omit',
          keepalive: body.length < KEEPALIVE_MAX,
        });
        return { status: response.status, text: await response.text() };
      } catch {
        return null;
      }
    },
    beacon(body) {
      return navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
    },
  };
}
