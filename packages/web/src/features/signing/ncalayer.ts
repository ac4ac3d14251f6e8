import type { NCALayerClient } from 'ncalayer-js-client';

/**
 * NCALayer (NCA RK's desktop signer, and KAZTOKEN mobile/desktop, which answers the same protocol)
 * over its local WebSocket, through ncalayer-js-client. The client is imported on first use, so
 * that it comes with the signing page's chunk only.
 */

/** How long the page waits for NCALayer's greeting before it says NCALayer is not running. */
export const NCALAYER_TIMEOUT_MS = 3000;

/** The extended key usage NCA RK's signing certificates carry (emailProtection): NCALayer offers only those keys. */
const SIGNING_KEY_USAGE = '1.3.6.1.5.5.7.3.4';

export interface NcaLayerConnection {
  client: NCALayerClient;
  version: string;
  app: 'NCALayer' | 'KAZTOKEN';
}

/** Why a call to NCALayer did not give a signature. */
export type NcaLayerFailure = { kind: 'cancelled' } | { kind: 'unavailable' } | { kind: 'failed'; detail: string };

const loadClient = async () => (await import('ncalayer-js-client')).default.NCALayerClient;

class NcaLayerTimeout extends Error {}

/** Connects to NCALayer at `url`; rejects when nothing answers within `timeoutMs`. */
export async function connectNcaLayer(url: string, timeoutMs = NCALAYER_TIMEOUT_MS): Promise<NcaLayerConnection> {
  const Client = await loadClient();
  // Without KAZTOKEN's HTTP API both apps sign over the one WebSocket protocol; the report card is
  // small, and the HTTP API's streaming is for very large documents.
  const client = new Client(url, false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const version = await Promise.race([
      client.connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NcaLayerTimeout(`NCALayer did not answer at ${url}`)), timeoutMs);
      }),
    ]);
    return { client, version, app: client.isKmd ? 'KAZTOKEN' : 'NCALayer' };
  } catch (error) {
    client.wsConnection?.close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function isConnected({ client }: NcaLayerConnection) {
  const socket = client.wsConnection;
  return socket !== null && socket.readyState === socket.OPEN;
}

export function disconnect(connection: NcaLayerConnection) {
  connection.client.wsConnection?.close();
}

/**
 * Asks NCALayer to sign `content`: the person picks a key in NCALayer's own window (any storage:
 * a file, an ID card, a token). Answers the CMS, base64. Detached, as the server keeps the PDF
 * beside the signature and verifies over the bytes it renders itself; without a timestamp, as the
 * server records when it verified the signature with the revocation evidence it used, and a TSA
 * request would make signing depend on NCA's timestamp service being reachable from the examiner's
 * computer.
 */
export async function signWithNcaLayer(connection: NcaLayerConnection, content: string, locale: string): Promise<string> {
  const Client = await loadClient();
  const result = await connection.client.basicsSignCMS(
    Client.basicsStorageAll,
    content,
    Client.basicsCMSParamsDetachedNoTSP,
    { extKeyUsageOids: [SIGNING_KEY_USAGE], chain: [] },
    locale,
  );
  const signature = Array.isArray(result) ? result[0] : result;
  if (!signature) throw new Error('NCALayer answered without a signature');
  // base64 as NCALayer may wrap it in lines; the server takes it unwrapped
  return signature.replace(/\s+/g, '');
}

/**
 * What a failed NCALayer call means for the page: the person closed NCALayer's window, NCALayer is
 * gone (the connection is no longer open), or NCALayer refused with its own message.
 */
export function ncaLayerFailure(error: unknown, connected: boolean): NcaLayerFailure {
  if (typeof error === 'object' && error !== null && (error as { canceledByUser?: unknown }).canceledByUser === true) {
    return { kind: 'cancelled' };
  }
  if (!connected) return { kind: 'unavailable' };
  return { kind: 'failed', detail: error instanceof Error ? error.message : String(error) };
}

/** The address to open once in the browser so that it trusts NCALayer's local certificate: wss → https. */
export const ncaLayerTrustAddress = (url: string) => url.replace(/^ws/, 'http');
