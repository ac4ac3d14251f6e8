import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers that make a browser go HTTPS-only: the CSP's upgrade directive and HSTS. */
function httpsOnly(headers: http.IncomingHttpHeaders | Record<string, unknown>) {
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy).toContain("default-src 'self'");
  return { upgrade: policy.split(';').includes('upgrade-insecure-requests'), hsts: headers['strict-transport-security'] };
}

describe('headers that depend on HTTPS (app)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('sends neither upgrade-insecure-requests nor HSTS over plain HTTP, so a LAN address works', async () => {
    for (const t of [direct, proxied]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '192.168.1.20:3000' } });
      expect(response.statusCode).toBe(200);
      expect(httpsOnly(response.headers)).toEqual({ upgrade: false, hsts: undefined });
    }
  });

  it('trusts X-Forwarded-Proto: https only with TRUST_PROXY=true', async () => {
    const forwarded = { method: 'GET' as const, url: '/api/health', headers: { 'x-forwarded-proto': 'https' } };
    expect(httpsOnly((await direct.app.inject(forwarded)).headers)).toEqual({ upgrade: false, hsts: undefined });
    expect(httpsOnly((await proxied.app.inject(forwarded)).headers)).toEqual({ upgrade: true, hsts: HSTS });
    // the proxy saying http is believed too
    const plain = await proxied.app.inject({ ...forwarded, headers: { 'x-forwarded-proto': 'http' } });
    expect(httpsOnly(plain.headers)).toEqual({ upgrade: false, hsts: undefined });
  });

  it('sends both to a request that came in over TLS', async () => {
    await direct.app.ready();
    // a TLS socket as Node's https server hands it over: `encrypted` is what tells HTTPS apart
    const server = http.createServer((request, response) => {
      Object.defineProperty(request.socket, 'encrypted', { value: true });
      direct.app.routing(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      expect(httpsOnly(Object.fromEntries(response.headers))).toEqual({ upgrade: true, hsts: HSTS });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
