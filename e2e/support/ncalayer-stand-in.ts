import { signDetached, toBase64 } from '@oqu/contracts/signing';
import { type WebSocket, WebSocketServer } from 'ws';
import { PORT } from '../playwright.config.js';

/** Where the stand-in listens; the end-to-end server sends the browser here (NCALAYER_URL). */
export const NCALAYER_PORT = PORT + 7;
export const NCALAYER_URL = `ws://127.0.0.1:${NCALAYER_PORT}`;

/** The arguments of a kz.gov.pki.knca.basics `sign` call, as ncalayer-js-client sends them. */
export interface BasicsSignArgs {
  allowedStorages: string[] | null;
  format: string;
  data: string;
  signingParams: { decode?: boolean; encapsulate?: boolean; digested?: boolean; tsaProfile?: unknown };
  signerParams: { extKeyUsageOids?: string[]; chain?: string[] };
  locale: string;
}

export interface StandInKey {
  privateKeyPkcs8: Uint8Array<ArrayBuffer>;
  certificateDer: Uint8Array<ArrayBuffer>;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * NCALayer for the end-to-end tests: a WebSocket server speaking its protocol as
 * ncalayer-js-client expects it. It greets with its version, answers KAZTOKEN's getVersion with
 * an error as NCALayer does (so the client knows it is NCALayer), and answers the basics module's
 * `sign` with a detached CMS over the decoded data, made with `key` — or, in 'cancel' mode, as
 * NCALayer answers when the person closes its window. Every `sign` call is kept for assertions.
 */
export class NcaLayerStandIn {
  readonly requests: BasicsSignArgs[] = [];
  mode: 'sign' | 'cancel' = 'sign';
  key: StandInKey | null = null;

  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (socket) => {
      socket.send(JSON.stringify({ result: { version: '1.4' } }));
      socket.on('message', (message) => void this.answer(socket, message.toString()));
    });
  }

  static start(port = NCALAYER_PORT): Promise<NcaLayerStandIn> {
    return new Promise((resolve, reject) => {
      const server = new WebSocketServer({ host: '127.0.0.1', port });
      server.once('listening', () => resolve(new NcaLayerStandIn(server)));
      server.once('error', reject);
    });
  }

  /** Stops listening and drops the open connections, as when NCALayer is closed. */
  stop(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  /** The bytes the last `sign` call asked to sign. */
  lastSignedData(): Buffer {
    const last = this.requests.at(-1);
    if (!last) throw new Error('NCALayer was not asked to sign');
    return Buffer.from(last.data, 'base64');
  }

  private async answer(socket: WebSocket, text: string) {
    const request = JSON.parse(text) as { module?: string; method?: string; args?: BasicsSignArgs };
    if (request.module !== 'kz.gov.pki.knca.basics' || request.method !== 'sign' || !request.args) {
      socket.send(JSON.stringify({ code: '500', message: `Module ${request.module} is not available` }));
      return;
    }
    const args = request.args;
    this.requests.push(args);
    const problem =
      args.format !== 'cms'
        ? 'format must be cms'
        : args.signingParams.decode !== true || args.signingParams.encapsulate !== false
          ? 'a detached signature over decoded data is expected'
          : !BASE64.test(args.data)
            ? 'data must be base64'
            : !this.key && this.mode === 'sign'
              ? 'no key is configured'
              : '';
    if (problem) {
      socket.send(JSON.stringify({ status: false, code: '500', message: 'Bad request', details: problem }));
      return;
    }
    if (this.mode === 'cancel' || !this.key) {
      socket.send(JSON.stringify({ status: true, body: {} }));
      return;
    }
    const content = Uint8Array.from(Buffer.from(args.data, 'base64'));
    const signature = await signDetached(content, this.key.privateKeyPkcs8, this.key.certificateDer);
    socket.send(JSON.stringify({ status: true, body: { result: [toBase64(signature)] } }));
  }
}
