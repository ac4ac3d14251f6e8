import { authEndpoints, retakeEndpoints, userEndpoints } from '@oqu/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, endpointUrl } from './endpoint';

describe('endpointUrl', () => {
  it('fills path parameters, encoded', () => {
    expect(endpointUrl(userEndpoints.get, { params: { id: 7 } })).toBe('/api/user/getuser/7');
    expect(endpointUrl(userEndpoints.get, { params: { id: '1/2?x' } })).toBe('/api/user/getuser/1%2F2%3Fx');
  });

  it('writes the spec’s literal colons (`id:{id}`)', () => {
    expect(endpointUrl(retakeEndpoints.update, { params: { id: 12 } })).toBe('/api/retake/update/id:12');
    expect(endpointUrl(userEndpoints.removePhoto, { params: { id: 3 } })).toBe('/delete/image/id:3');
  });

  it('adds the query string in the given order, leaving out blank and missing values', () => {
    expect(endpointUrl(userEndpoints.list, { query: { page: 2, role: undefined, search: ' Ә b&c ' } })).toBe(
      '/api/user/getusers?page=2&search=%D3%98+b%26c',
    );
    expect(endpointUrl(userEndpoints.list, { query: { page: 1, search: '  ' } })).toBe('/api/user/getusers?page=1');
    expect(endpointUrl(authEndpoints.me)).toBe('/api/user/me');
  });

  it('refuses a path parameter left out', () => {
    expect(() => endpointUrl(userEndpoints.get, { params: {} as { id: number } })).toThrow(':id');
  });
});

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the endpoint’s method, address and JSON body, and answers the parsed reply', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'ok' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await call(retakeEndpoints.update, {
      params: { id: 5 },
      body: { UserID: 1, TestID: 2, Date: '2030-01-01T10:00+06:00' },
    });
    expect(answer).toEqual({ status: true, message: 'ok' });
    expect(fetch).toHaveBeenCalledWith('/api/retake/update/id:5', expect.objectContaining({ method: 'PUT' }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ UserID: 1, TestID: 2, Date: '2030-01-01T10:00+06:00' });
  });

  it('types a body taken in two spellings by its canonical one, and sends it as given', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: true, message: '' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await call(userEndpoints.update, { params: { id: 1 }, body: { Fullname: 'Әлия', IsBlocked: true } });
    // @ts-expect-error Fullname is text: a wrong field type no longer reaches the server unnoticed
    await call(userEndpoints.update, { params: { id: 1 }, body: { Fullname: 5 } });
    const bodies = fetch.mock.calls.map((args) => JSON.parse(String((args as unknown as [string, RequestInit])[1].body)));
    expect(bodies).toEqual([{ Fullname: 'Әлия', IsBlocked: true }, { Fullname: 5 }]);
  });
});
