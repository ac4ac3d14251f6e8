import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { ALL_ROLES, INT4_MAX, LANGUAGES as LANGUAGES_ALL, Role, type RoleId, scormCommitRequest } from '@oqu/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildContentApp } from '../../content-app.js';
import { translate } from '../../i18n/messages.js';
import type { RouteEntry } from '../../plugins/route-table.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { scormPackage } from '../../test/scorm-packages.js';
import { hashToken } from '../auth/auth.service.js';

/**
 * Property-based fuzzing of every route in the app's route table, from the route's own schemas (as
 * its OpenAPI document publishes them): wrong types, boundary numbers, huge and hostile strings,
 * missing and extra fields, broken JSON and broken multipart, sent by a role allowed to call it.
 * Whatever arrives, the answer is never a 5xx, and every refusal is a 4xx `{status:false, message}`.
 * Each route is a property of its own (fc.assert): a failing case is shrunk to a small one and
 * reported with its seed and path. The seeds are fixed, so a failure replays; CASES_PER_ROUTE bounds
 * the run.
 */

const SEED = 20_261_124;
const CASES_PER_ROUTE = 60;

// ——— the routes' schemas, read from the OpenAPI document ———

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  description?: string;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** `/delete/image/id:::id` → `/delete/image/id:{id}`, as the OpenAPI document names the route. */
const openApiPath = (url: string) => url.replace(/::|:(\w+)/g, (match, name) => (match === '::' ? ':' : `{${name}}`));

/** The pattern's parameters in order: `:name` (not the literal `::`), and `*` for a wildcard. */
const pathParams = (url: string) => [...url.matchAll(/::|:(\w+)|\*/g)].filter((m) => m[0] !== '::').map((m) => m[1] ?? '*');

// ——— hostile values ———

const MEGABYTE = 'я'.repeat(500_000); // 1,000,000 bytes of UTF-8: just under the body limit
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'end\ud83d',
  '🚀🧨👩‍👩‍👧',
  '\u202egnp.exe',
  'مرحبا بالعالم',
  'Қазақ тілі',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '1; select pg_sleep(10)',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/files/../../secret',
  '%00',
  '%',
  '_',
  '\\',
  '$' + '{7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x10',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0000-01-01T00:00Z',
  '10000-01-01T00:00+06:00',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30T10:00+06:00',
  '2026-11-25',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  -0.5,
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 1,
  -INT4_MAX - 2,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
];
const HOSTILE_OTHERS: unknown[] = [true, false, null, [], {}, [1], ['a', null], { a: 1 }, [[[[[]]]]]];

/** A string of characters chosen to break things: NUL, surrogate halves, RTL, emoji, quotes, wildcards. */
const nastyString = fc.string({
  unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', 'я', '🚀', '\u202e', "'", '"', '%', '_', '\\', '/', ' ', '\n', '\u00a0'),
  maxLength: 20,
});

const hostile = (inBody: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_OTHERS) },
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: inBody ? 1 : 0, arbitrary: fc.constant(MEGABYTE) },
  );

const VALID_MOMENTS = ['2026-11-25T10:00+06:00', '2026-11-25T10:00:00Z', '2030-01-01T00:00:00.123+05:00'];

/** Values that fit the schema (or nearly: its boundaries and one past them). */
function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => plausible(branch, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
      case 'number': {
        const low = Math.max(schema.minimum ?? -5, -1e9);
        const high = Math.min(schema.maximum ?? low + 50, low + 50);
        const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n, n - 1, n + 1]);
        // a range holding no whole number (a fraction of the page: 0.05–0.5) gives the nearest one above it
        const whole = fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
        return fc.oneof(
          { weight: 5, arbitrary: type === 'integer' ? whole : fc.oneof(whole, fc.double({ min: low, max: high, noNaN: true })) },
          { weight: 2, arbitrary: edges.length ? fc.constantFrom(...edges) : whole },
          { weight: 1, arbitrary: whole.map(String) },
        );
      }
      case 'string': {
        if (/ISO 8601/.test(schema.description ?? ''))
          return fc.constantFrom(...VALID_MOMENTS, ...HOSTILE_STRINGS.filter((s) => /^\d{4,5}-/.test(s)));
        const max = Math.min(schema.maxLength ?? 30, 30);
        const edges = [schema.maxLength].filter((n): n is number => n !== undefined).flatMap((n) => ['x'.repeat(n), 'x'.repeat(n + 1)]);
        return fc.oneof(
          { weight: 5, arbitrary: fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }) },
          { weight: 1, arbitrary: fc.constantFrom('1', 'A', 'Мастер', 'admin', '850101300005', ...edges) },
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items ? plausible(schema.items, depth + 1) : hostile(true), { maxLength: 3 });
      case 'object':
        return objectOf(schema, depth + 1);
      case 'null':
        return fc.constant(null);
      default:
        return hostile(true);
    }
  })();
  return schema.nullable ? fc.oneof(fc.constant(null), base) : base;
}

/** A field's value: most often plausible, else hostile. */
const fieldValue = (schema: Schema, depth: number, inBody: boolean) =>
  fc.oneof({ weight: 3, arbitrary: plausible(schema, depth) }, { weight: 2, arbitrary: hostile(inBody) });

/**
 * An object of the schema's fields, each one present or not, plus extra fields nobody asked for;
 * half the time its required fields are all there, so that the call gets past the first check.
 */
function objectOf(schema: Schema, depth = 0, inBody = true): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const fields = fc.record(Object.fromEntries(entries.map(([key, field]) => [key, fieldValue(field, depth, inBody)])), {
    requiredKeys: [],
  });
  const required = schema.required ?? [];
  const fillers = fc.tuple(...required.map((key) => plausible(schema.properties?.[key] ?? {}, depth)));
  const extra = fc.dictionary(fc.constantFrom('extra', 'ID', 'id', 'RoleID', 'IsBlocked', 'constructor'), hostile(inBody), { maxKeys: 2 });
  return fc.tuple(fields, extra, fc.boolean(), fillers).map(([given, more, fillRequired, filled]) => {
    const value: Record<string, unknown> = { ...more, ...given };
    if (fillRequired) for (const [i, key] of required.entries()) if (!(key in value)) value[key] = filled[i];
    return value;
  });
}

// ——— request bodies that are broken as a whole ———

const BROKEN_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '"\\ud800"',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{}}}',
  '\u0000',
  '{"a":"\u0000"}',
  '1e999999',
  '[]',
  '"text"',
  '123',
];

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f85f0f0003050201a5d4c9b40000000049454e44ae426082',
  'hex',
);

/** A SCORM package (and, cut short, a damaged zip) for the uploads that take one. */
const SCORM_ZIP = scormPackage({ version: '2004' });

/** Multipart bodies as a hostile client sends them: no boundary, one that never closes, a truncated part, a wrong type. */
function brokenMultipart(): fc.Arbitrary<Body> {
  const head = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  const cases: Body[] = [
    { kind: 'raw', contentType: 'multipart/form-data', payload: `--x\r\n${head}abc\r\n--x--\r\n` },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', payload: `--x\r\n${head}${'a'.repeat(5000)}` },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', payload: `--x\r\n${head.slice(0, 30)}` },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', payload: 'garbage' },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', payload: '' },
    { kind: 'raw', contentType: 'multipart/form-data; boundary=x', payload: `--x\r\n${'H'.repeat(100_000)}\r\n\r\nabc\r\n--x--\r\n` },
    {
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--\r\n',
    },
    { kind: 'raw', contentType: 'multipart/mixed; boundary=x', payload: `--x\r\n${head}abc\r\n--x--\r\n` },
    { kind: 'raw', contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, payload: `--${'b'.repeat(200)}\r\n${head}abc\r\n` },
  ];
  return fc.constantFrom(...cases);
}

/** A well-formed multipart body whose fields and file are hostile. */
const hostileMultipart: fc.Arbitrary<Body> = fc
  .record({
    fields: fc.dictionary(
      fc.constantFrom('UserID', 'QuestionID', 'TestID', 'WebID', 'ExamID', 'AnswerID', 'ScormID', 'Types'),
      fc.oneof(
        fc.constantFrom('1', '2', '3', 'preview'),
        hostile(false).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      ),
      { maxKeys: 3 },
    ),
    file: fc.constantFrom(
      PNG,
      Buffer.alloc(0),
      Buffer.from('not an image'),
      Buffer.from([0, 0xff, 0xfe, 0]),
      SCORM_ZIP,
      SCORM_ZIP.subarray(0, 300),
    ),
    filename: fc.oneof(fc.constantFrom('a.png', '', '../../x.png', 'a\u0000.png', '\ud800.png', '🚀.png', 'x'.repeat(1000)), nastyString),
    withFile: fc.boolean(),
  })
  .map(({ fields, file, filename, withFile }) => ({
    kind: 'multipart' as const,
    fields,
    file: withFile ? { data: file, filename } : null,
  }));

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string }
  | { kind: 'multipart'; fields: Record<string, string>; file: { data: Buffer; filename: string } | null };

function multipartPayload(fields: Record<string, string>, file: { data: Buffer; filename: string } | null) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ——— one case of one route ———

interface Case {
  path: string[];
  query: Record<string, unknown>;
  body: Body;
  roleIndex: number;
  language: string | null;
}

/** Accept-Language as browsers and hostile clients send it: the refusal must still have a message. */
const LANGUAGES = ['ru', 'kk', 'en-US,en;q=0.9', 'kk-KZ;q=0.1, zz', '*', 'q=abc;;,', 'x'.repeat(2000)];

/** A URL component; lone surrogates, which encodeURIComponent refuses, go as the bytes a careless client would send. */
function encode(value: unknown): string {
  const textValue = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  return [...textValue]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function caseArbitrary(route: RouteEntry, operation: Operation | undefined): fc.Arbitrary<Case> {
  const parameters = operation?.parameters ?? [];
  const pathArbs = pathParams(route.url).map((name) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    return fieldValue(schema, 0, false).map(encode);
  });
  const querySchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
  };
  const jsonSchema = operation?.requestBody?.content['application/json']?.schema;
  const takesBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value): Body => ({ kind: 'json', value }));
  const raw = fc.oneof(
    fc.constantFrom(...BROKEN_JSON).map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
    fc
      .tuple(
        fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png'),
        fc.constantFrom('a=1&b=2', '<a/>', '\u0000', '{}'),
      )
      .map(([contentType, payload]): Body => ({ kind: 'raw', contentType, payload })),
  );
  const bodies: fc.WeightedArbitrary<Body>[] = takesBody
    ? [
        { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
        { weight: jsonSchema ? 10 : 2, arbitrary: json(jsonSchema ? objectOf(jsonSchema) : objectOf({ type: 'object' })) },
        { weight: 2, arbitrary: json(hostile(true)) },
        { weight: 2, arbitrary: raw },
        { weight: jsonSchema ? 1 : 4, arbitrary: brokenMultipart() },
        { weight: jsonSchema ? 1 : 8, arbitrary: hostileMultipart },
      ]
    : [{ weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) }];
  return fc.record({
    path: fc.tuple(...pathArbs),
    query: objectOf(querySchema, 0, false),
    body: fc.oneof(...bodies),
    roleIndex: fc.nat(),
    language: fc.option(fc.constantFrom(...LANGUAGES)),
  });
}

function requestOf(route: RouteEntry, c: Case): InjectOptions {
  let index = 0;
  const path = route.url.replace(/::|:\w+|\*/g, (match) => (match === '::' ? ':' : (c.path[index++] ?? '1')));
  const query = Object.entries(c.query)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => [key, item]) : [[key, value]]))
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  const request: InjectOptions = { method: route.method as InjectOptions['method'], url: query ? `${path}?${query}` : path };
  const body = c.body;
  if (body.kind === 'json') {
    request.payload = JSON.stringify(body.value) ?? 'null';
    request.headers = { 'content-type': 'application/json' };
  } else if (body.kind === 'raw') {
    request.payload = body.payload;
    request.headers = { 'content-type': body.contentType };
  } else if (body.kind === 'multipart') {
    const { payload, contentType } = multipartPayload(body.fields, body.file);
    request.payload = payload;
    request.headers = { 'content-type': contentType };
  }
  if (c.language) request.headers = { ...request.headers, 'accept-language': c.language };
  return request;
}

/** The error handler's last resort for a value PostgreSQL refused, in every language. */
const NOT_STORABLE = LANGUAGES_ALL.map((language) => translate('value_not_storable', language));

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Routes that end sessions, change people or delete records run last, so the rest run on intact data. */
const isDestructive = (route: RouteEntry) =>
  route.method === 'DELETE' || /logout|changepass|updateuser|updateplanuser|deleteuser/.test(route.url);

// The app is made before the tests are declared: each route of its table is a test of its own.
const t: TestApp = await createTestApp(existsSync(`${WEB_DIST}/index.html`) ? { WEB_DIST } : {});
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
const routes = [...t.app.routeTable].sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));

/**
 * The content origin's routes (SCORM files, the player, the runtime), from their schemas, without a
 * session (it reads none); half the cases carry a live launch token, so they reach the stored data.
 */
describe('fuzzing the content origin’s routes', () => {
  let content: FastifyInstance;
  let liveToken: string;
  const answered = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const operations: Record<string, Operation> = {
    'POST /runtime/commit': {
      requestBody: { content: { 'application/json': { schema: z.toJSONSchema(scormCommitRequest, { io: 'input' }) as Schema } } },
    },
  };

  beforeAll(async () => {
    content = await buildContentApp({ config: t.config, scorm: t.app.services.scorm });
    // a package with one file, launched by the demo trainee: made straight in the database and the store
    const trainee = await t.idOf(Role.Trainee);
    const topic = await t.db
      .selectFrom('topics')
      .select('id')
      .where('plan_id', '=', (eb) => eb.selectFrom('users').select('plan_id').where('id', '=', trainee))
      .executeTakeFirstOrThrow();
    const prefix = `scorm/fuzz${randomBytes(12).toString('hex')}`;
    await t.storage.put(`${prefix}/index.html`, Buffer.from('<p>course</p>'));
    const pkg = await t.db
      .insertInto('scorm_packages')
      .values({ name: 'Fuzz', topic_id: topic.id, content_prefix: prefix, version: '2004', launch: 'index.html' })
      .returning('id')
      .executeTakeFirstOrThrow();
    liveToken = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('scorm_launches')
      .values({ token_hash: hashToken(liveToken), user_id: trainee, package_id: pkg.id, expires_at: new Date(Date.now() + 3600_000) })
      .execute();
  });
  afterAll(async () => {
    console.log(
      `fuzz (content origin): ${Object.entries(answered)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}`,
    );
    await content?.close();
  });

  const contentRoutes = () => content.routeTable;

  it('has its routes', () => {
    expect(contentRoutes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /player', 'GET /c/:token/*', 'GET /runtime/session', 'POST /runtime/commit']),
    );
  });

  for (const [index, key] of ['GET /player', 'GET /c/:token/*', 'GET /runtime/session', 'POST /runtime/commit'].entries()) {
    it(`${key} on the content origin: a success or a 4xx {status:false, message}, never a 5xx`, async () => {
      const route = contentRoutes().find((entry) => `${entry.method} ${entry.url}` === key);
      expect(route).toBeDefined();
      if (!route) return;
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, operations[key]), fc.boolean(), async (c, live) => {
          if (live && c.path.length > 0) c.path[0] = liveToken;
          if (live && c.body.kind === 'json' && typeof c.body.value === 'object' && c.body.value !== null) {
            c.body = { kind: 'json', value: { ...c.body.value, Token: liveToken } };
          }
          const request = requestOf(route, c);
          const headers = { ...(request.headers as Record<string, string>), ...(live ? bearer(liveToken) : {}) };
          const response = await content.inject({ ...request, headers });
          answered[`${Math.floor(response.statusCode / 100)}xx` as keyof typeof answered] += 1;
          const label = `${route.method} ${request.url?.toString().slice(0, 150)} → ${response.statusCode}: ${response.body.slice(0, 200)} | sent ${String(request.payload ?? '').slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.headers['x-content-type-options'], label).toBe('nosniff');
          if (response.statusCode < 400 || response.statusCode === 416) return;
          expect(JSON.parse(response.body), label).toMatchObject({ status: false, message: expect.stringMatching(/\S/) });
          expect(NOT_STORABLE, `reached the database: ${label}`).not.toContain(JSON.parse(response.body).message);
        }),
        { seed: SEED + 1000 + index, numRuns: CASES_PER_ROUTE * 2 },
      );
    }, 120_000);
  }
});

describe('fuzzing every route from its schemas', () => {
  const userIds = new Map<RoleId, number>();
  const tokens = new Map<RoleId, string>();
  const answered = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };

  beforeAll(async () => {
    for (const role of ALL_ROLES) {
      userIds.set(role, await t.idOf(role));
      await renewToken(role);
    }
  });
  afterAll(async () => {
    const counts = Object.entries(answered).map(([kind, count]) => `${kind} ${count.toLocaleString('en')}`);
    const cases = Object.values(answered).reduce((sum, count) => sum + count, 0);
    console.log(
      `fuzz: ${cases.toLocaleString('en')} cases over ${routes.length} routes (seed ${SEED} + the route's index; ${counts.join(', ')})`,
    );
  });

  /**
   * A session made straight in the database: sign-in limits do not apply, and a logout spoils only it.
   * Answers false when there is no one left to sign in (a late destructive case deleted the person).
   */
  async function renewToken(role: RoleId) {
    const token = randomBytes(32).toString('base64url');
    const person = await t.db.selectFrom('users').select('id').where('id', '=', userIds.get(role)!).executeTakeFirst();
    if (!person) return false;
    await t.db
      .insertInto('sessions')
      .values({ user_id: person.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    tokens.set(role, token);
    return true;
  }

  async function send(route: RouteEntry, request: InjectOptions, role: RoleId | null) {
    const headers = { ...(request.headers as Record<string, string>), ...(role ? bearer(tokens.get(role)!) : {}) };
    // an event stream never ends by itself: take its head, then let it go
    const streaming = route.url.includes('/events/');
    const response = await t.app.inject({ ...request, headers, payloadAsStream: streaming });
    if (!streaming) return { response, body: response.body };
    const stream = response.stream() as Readable;
    if (response.statusCode === 200) {
      stream.destroy();
      return { response, body: '' };
    }
    return { response, body: await text(stream) };
  }

  /** Sends one generated case and fails on a 5xx, or on a refusal that is not a 4xx `{status:false, message}`. */
  async function check(route: RouteEntry, roles: readonly (RoleId | null)[], c: Case) {
    const request = requestOf(route, c);
    const role = roles[c.roleIndex % roles.length] ?? null;
    let { response, body } = await send(route, request, role);
    // a case that ended its own session (logout, a password or role change): once more with a new one
    if (response.statusCode === 401 && role && (await renewToken(role))) ({ response, body } = await send(route, request, role));
    answered[`${Math.floor(response.statusCode / 100)}xx` as keyof typeof answered] += 1;
    const label = `${route.method} ${request.url?.toString().slice(0, 150)} as ${role ?? 'anyone'} → ${response.statusCode}: ${body.slice(0, 200)} | sent ${String(request.payload ?? '').slice(0, 200)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    if (response.statusCode < 400) return;
    let refusal: unknown;
    try {
      refusal = JSON.parse(body);
    } catch {
      refusal = body;
    }
    expect(refusal, label).toMatchObject({ status: false, message: expect.stringMatching(/\S/) });
    // the error handler's safety net caught it: the value got past the route's schemas to PostgreSQL
    expect(NOT_STORABLE, `reached the database: ${label}`).not.toContain((refusal as { message: string }).message);
  }

  for (const [index, route] of routes.entries()) {
    it(`${route.method} ${route.url}: a success or a 4xx {status:false, message}, never a 5xx`, async () => {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const roles = route.public ? [null] : (route.roles ?? []);
      // on failure fast-check shrinks the case and prints it with the seed and path that replay it
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, operation), (c) => check(route, roles, c)),
        { seed: SEED + index, numRuns: CASES_PER_ROUTE },
      );
    }, 120_000);
  }

  it('still answers the health check after every route', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: true });
  });
});

afterAll(() => t.close());
