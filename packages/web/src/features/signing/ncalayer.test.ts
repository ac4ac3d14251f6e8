import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { connectNcaLayer, isConnected, ncaLayerFailure, ncaLayerTrustAddress, signWithNcaLayer } from './ncalayer';

type Request = { module: string; method: string; args?: unknown };

/**
 * A local NCALayer answering each request with `reply` (or closing the connection when it answers
 * 'close'); `greet: false` accepts and stays silent.
 */
async function fakeNcaLayer(reply: (request: Request) => unknown, greet = true) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const requests: { module: string; method: string; args?: Record<string, unknown> }[] = [];
  server.on('connection', (socket: WebSocket) => {
    if (greet) socket.send(JSON.stringify({ result: { version: '1.4' } }));
    socket.on('message', (message) => {
      const request = JSON.parse(message.toString());
      requests.push(request);
      const answer = reply(request);
      if (answer === 'close') socket.terminate();
      else socket.send(JSON.stringify(answer));
    });
  });
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { url: `ws://127.0.0.1:${port}`, requests };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

const NOT_KAZTOKEN = { code: '500', message: 'Module not found' };

describe('looking for NCALayer', () => {
  it('finds NCALayer with its version when KAZTOKEN’s getVersion is refused', async () => {
    const { url } = await fakeNcaLayer(() => NOT_KAZTOKEN);
    const connection = await connectNcaLayer(url);
    expect([connection.app, connection.version]).toEqual(['NCALayer', '1.4']);
    expect(isConnected(connection)).toBe(true);
    connection.client.wsConnection?.close();
  });

  it('tells KAZTOKEN by its answer to getVersion', async () => {
    const { url } = await fakeNcaLayer(() => ({ code: '200', responseObject: { name: 'KAZTOKENdesktop', version: '1.2.758' } }));
    const connection = await connectNcaLayer(url);
    expect(connection.app).toBe('KAZTOKEN');
    connection.client.wsConnection?.close();
  });

  it('gives up when what listens there does not greet in time', async () => {
    const { url } = await fakeNcaLayer(() => NOT_KAZTOKEN, false);
    await expect(connectNcaLayer(url, 300)).rejects.toThrow('did not answer');
  });
});

describe('signing through NCALayer', () => {
  it('asks for a detached CMS without a timestamp, by a signing key, over the base64 data', async () => {
    const { url, requests } = await fakeNcaLayer((request) =>
      request.module === 'kz.gov.pki.knca.basics' ? { status: true, body: { result: ['TUlJ\r\nQQ=='] } } : NOT_KAZTOKEN,
    );
    const connection = await connectNcaLayer(url);
    expect(await signWithNcaLayer(connection, 'JVBERi0=', 'kk')).toBe('TUlJQQ==');
    expect(requests.at(-1)).toEqual({
      module: 'kz.gov.pki.knca.basics',
      method: 'sign',
      args: {
        allowedStorages: null,
        format: 'cms',
        data: 'JVBERi0=',
        signingParams: { decode: true, encapsulate: false, digested: false },
        signerParams: { extKeyUsageOids: ['1.3.6.1.5.5.7.3.4'], chain: [] },
        locale: 'kk',
      },
    });
    connection.client.wsConnection?.close();
  });

  it('is a cancellation when NCALayer answers without a result', async () => {
    const { url } = await fakeNcaLayer((request) =>
      request.module === 'kz.gov.pki.knca.basics' ? { status: true, body: {} } : NOT_KAZTOKEN,
    );
    const connection = await connectNcaLayer(url);
    const failure = await signWithNcaLayer(connection, 'JVBERi0=', 'ru').then(
      () => null,
      (error: unknown) => ncaLayerFailure(error, isConnected(connection)),
    );
    expect(failure).toEqual({ kind: 'cancelled' });
    connection.client.wsConnection?.close();
  });

  it('means NCALayer is gone when it closes the connection while signing', async () => {
    const { url } = await fakeNcaLayer((request) => (request.module === 'kz.gov.pki.knca.basics' ? 'close' : NOT_KAZTOKEN));
    const connection = await connectNcaLayer(url);
    const failure = await signWithNcaLayer(connection, 'JVBERi0=', 'ru').then(
      () => null,
      (error: unknown) => ncaLayerFailure(error, isConnected(connection)),
    );
    expect(failure).toEqual({ kind: 'unavailable' });
  });
});

describe('a failed NCALayer call', () => {
  const cancelled = Object.assign(new Error('cancelled by user'), { name: 'NCALayerError', canceledByUser: true });
  const refused = Object.assign(new Error('500: bad request (details)'), { name: 'NCALayerError', canceledByUser: undefined });

  it('is a cancellation when the person closed NCALayer’s window', () => {
    expect(ncaLayerFailure(cancelled, true)).toEqual({ kind: 'cancelled' });
  });

  it('means NCALayer is gone when the connection closed', () => {
    expect(ncaLayerFailure(new Error('NCALayer закрыл соединение.'), false)).toEqual({ kind: 'unavailable' });
    expect(ncaLayerFailure(refused, false)).toEqual({ kind: 'unavailable' });
  });

  it('carries NCALayer’s own message when it refused over an open connection', () => {
    expect(ncaLayerFailure(refused, true)).toEqual({ kind: 'failed', detail: '500: bad request (details)' });
  });
});

describe('the address that makes the browser trust NCALayer', () => {
  it('is the WebSocket address over https (or http for ws)', () => {
    expect(ncaLayerTrustAddress('wss://127.0.0.1:13579')).toBe('https://127.0.0.1:13579');
    expect(ncaLayerTrustAddress('ws://127.0.0.1:3203')).toBe('http://127.0.0.1:3203');
  });
});
