import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_ROLES, ROLE_KEYS, type RoleId } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../plugins/route-table.js';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';
import { hashToken } from '../auth/auth.service.js';

const NO_ROUTE = { status: false, message: 'Такого адреса API нет' };

/**
 * A real path for a route pattern: `:param` → an id nobody has, `::` → a literal colon (the spec's
 * `/delete/image/id:{id}` is registered as `id:::id`), `*` → a dummy file name.
 */
function pathFor(pattern: string, id = '999999'): string {
  return pattern.replace(/::|:[A-Za-z_]\w*(\([^)]*\))?|\*/g, (match) => (match === '::' ? ':' : match === '*' ? 'dummy' : id));
}

// with the built web app mounted, its routes (/ and the static files) are in the table too;
// `npm test` builds before it tests, so CI always walks them
const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

describe('route and role matrix', () => {
  let t: TestApp;
  let table: RouteEntry[];
  const userIds = new Map<RoleId, number>();

  beforeAll(async () => {
    t = await createTestApp(existsSync(`${WEB_DIST}/index.html`) ? { WEB_DIST } : {});
    table = t.app.routeTable;
    for (const account of DEMO_ACCOUNTS) userIds.set(account.role, await t.idOf(account.role));
  });
  afterAll(() => t.close());

  /** A session of its own for each request, so that a route that ends sessions (logout) spoils no other check. */
  const freshToken = async (role: RoleId) => {
    const token = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('sessions')
      .values({ user_id: userIds.get(role)!, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return token;
  };

  it('includes the web app’s routes when it is built, as public', () => {
    if (!existsSync(`${WEB_DIST}/index.html`)) return;
    const web = table.filter((r) => r.method === 'GET' && (r.url === '/' || r.url === '/*'));
    expect(web.map((r) => [r.url, r.public])).toEqual([
      ['/*', true],
      ['/', true],
    ]);
  });

  it('fills route patterns into real paths', () => {
    expect(pathFor('/api/user/getuser/:id')).toBe('/api/user/getuser/999999');
    expect(pathFor('/delete/image/id:::id', '123')).toBe('/delete/image/id:123');
    expect(pathFor('/files/*')).toBe('/files/dummy');
    expect(pathFor('/api/a/:first/b/:second')).toBe('/api/a/999999/b/999999');
  });

  it('has every route, hidden ones included, declare who may call it', () => {
    expect(table.length).toBeGreaterThan(0);
    const undeclared = table.filter((r) => !r.public && !(r.roles && r.roles.length > 0)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const unknownRoles = table.filter((r) => r.roles?.some((role) => !ALL_ROLES.includes(role))).map((r) => `${r.method} ${r.url}`);
    expect(unknownRoles).toEqual([]);
    const both = table.filter((r) => r.public && r.roles).map((r) => `${r.method} ${r.url}`);
    expect(both).toEqual([]);
    // the table is the app's own: every entry is a registered route, and none is listed twice
    for (const r of table)
      expect(t.app.hasRoute({ method: r.method as InjectOptions['method'] & string, url: r.url }), `${r.method} ${r.url}`).toBe(true);
    expect(new Set(table.map((r) => `${r.method} ${r.url}`)).size).toBe(table.length);
    // the routes this module set is known to have are there
    for (const known of [
      'POST /api/user/login',
      'GET /api/user/getusers',
      'POST /uploadI',
      'DELETE /delete/image/id:::id',
      'GET /api/gettopictype',
      'GET /api/docs/json',
      'POST /api/face/compare',
      'POST /api/face/verify',
    ]) {
      expect(table.map((r) => `${r.method} ${r.url}`)).toContain(known);
    }
    expect(table.find((r) => r.url === '/api/docs/json')).toMatchObject({ public: true, hidden: true });
    expect(table.find((r) => r.url === '/files/*')).toMatchObject({ public: true, hidden: true });
  });

  it('answers every route as declared, for each role and without a token', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of table) {
      const url = pathFor(route.url);
      const request = { method: route.method as InjectOptions['method'], url };
      const label = `${route.method} ${route.url}`;

      const anonymous = await t.app.inject(request);
      checked += 1;
      if (route.public) {
        if ([401, 403].includes(anonymous.statusCode)) problems.push(`${label} without a token: ${anonymous.statusCode} on a public route`);
      } else if (anonymous.statusCode !== 401 || JSON.stringify(anonymous.json()) !== JSON.stringify(SIGN_IN_FIRST)) {
        problems.push(`${label} without a token: ${anonymous.statusCode} ${anonymous.body.slice(0, 100)}`);
      }

      for (const role of ALL_ROLES) {
        const response = await t.app.inject({ ...request, headers: bearer(await freshToken(role)) });
        checked += 1;
        const who = `${label} as ${ROLE_KEYS[role]} (${role})`;
        const allowed = route.public || route.roles?.includes(role);
        if (allowed && [401, 403].includes(response.statusCode)) problems.push(`${who}: ${response.statusCode} though allowed`);
        if (!allowed && (response.statusCode !== 403 || JSON.stringify(response.json()) !== JSON.stringify(FORBIDDEN))) {
          problems.push(`${who}: ${response.statusCode} though not allowed`);
        }
        if (response.statusCode >= 500) problems.push(`${who}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(table.length * (ALL_ROLES.length + 1));
  });

  it('publishes the same table at /api/roles, to admins only', async () => {
    const admin = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(await t.tokenOf(1)) });
    expect(admin.statusCode).toBe(200);
    const body = admin.json();
    expect(body).toMatchObject({ status: true, message: '' });
    expect(body.data).toEqual(
      table
        .filter((r) => !r.hidden)
        .map((r) => ({ method: r.method, url: r.url, section: r.section ?? null, roles: r.roles ? [...r.roles] : [], public: r.public })),
    );
    expect(body.data).toContainEqual({ method: 'GET', url: '/api/user/getusers', section: 'users', roles: [1], public: false });
    expect(body.data).toContainEqual({ method: 'POST', url: '/api/user/login', section: null, roles: [], public: true });

    for (const role of ALL_ROLES.filter((r) => r !== 1)) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(await t.tokenOf(role)) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN);
    }
  });

  it('answers 404 with a message for an unknown API address', async () => {
    for (const request of [
      { method: 'GET', url: '/api/no/such/thing' },
      { method: 'POST', url: '/api/user/unknown' },
      { method: 'PATCH', url: '/api/health' },
      { method: 'GET', url: '/api/no/such/thing', headers: bearer(await t.tokenOf(1)) },
    ] as InjectOptions[]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual(NO_ROUTE);
    }
    const english = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-language': 'en' } });
    expect(english.json()).toEqual({ status: false, message: 'There is no such API address' });
  });

  it('answers the health check without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
  });

  it('tells the organisation’s time zone, where NCALayer listens, the upload limits and the face check without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      data: {
        TimeZone: t.config.ORG_TIMEZONE,
        NcaLayerUrl: t.config.NCALAYER_URL,
        ScormMaxBytes: t.config.SCORM_MAX_BYTES,
        MediaMaxBytes: t.config.MEDIA_MAX_BYTES,
        // the tests' default: only the face check's own tests turn it on
        FaceCheck: 'off',
        FaceCheckSeconds: t.config.FACE_CHECK_SECONDS,
      },
    });
    expect(t.config.ORG_TIMEZONE).toBe('Asia/Almaty');
    expect(t.config.NCALAYER_URL).toBe('wss://127.0.0.1:13579');
  });

  it('serves the API documentation: an HTML page and an OpenAPI document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html');

    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Oqu API');
    expect(Object.keys(document.paths)).toContain('/api/user/login');
    expect(document.paths['/api/user/login'].post).toBeDefined();
    // every API route of the table is documented, with its method
    const operation = (r: RouteEntry) =>
      document.paths[r.url.replace(/::|:(\w+)/g, (match, name) => (match === '::' ? ':' : `{${name}}`))]?.[r.method.toLowerCase()];
    const api = table.filter((r) => !r.hidden);
    expect(api.filter((r) => !operation(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // the document asks for a bearer token by default: a public route says it needs none, every other keeps the default
    expect(document.security).toEqual([{ bearer: [] }]);
    const wrong = api.filter((r) => (r.public ? JSON.stringify(operation(r).security) !== '[]' : operation(r).security !== undefined));
    expect(wrong.map((r) => `${r.method} ${r.url}${r.public ? ' (public)' : ''}`)).toEqual([]);
    for (const url of ['/api/verify/{code}', '/api/verify/{code}/pdf', '/api/verify/{code}/docx', '/api/report/file/{token}']) {
      expect(document.paths[url]?.get?.security, url).toEqual([]);
    }
  });
});
