import { ENDPOINTS } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const keyOf = (method: string, path: string) => `${method} ${path}`;

/**
 * The contracts' endpoint definitions are what the web calls through: every API route must have
 * one (same method, same path as registered) and every definition a route, so that a new route
 * cannot leave the web typing its call by hand.
 */
describe('endpoint definitions', () => {
  let t: TestApp;
  let routes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.routeTable.filter((r) => !r.hidden).map((r) => keyOf(r.method, r.url));
  });
  afterAll(() => t.close());

  const definitions = ENDPOINTS.map((e) => keyOf(e.method, e.path));

  it('name each call once: uploads sharing a path are told apart by their form fields', () => {
    const calls = ENDPOINTS.map((e) => `${keyOf(e.method, e.path)} ${Object.keys(e.form?.shape ?? {}).join(',')}`);
    expect(calls.length).toBeGreaterThan(70);
    expect(calls.filter((key, index) => calls.indexOf(key) !== index)).toEqual([]);
  });

  it('cover every API route the app registers', () => {
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.filter((key) => !definitions.includes(key))).toEqual([]);
  });

  it('name only routes the app registers', () => {
    expect(definitions.filter((key) => !routes.includes(key))).toEqual([]);
  });
});
