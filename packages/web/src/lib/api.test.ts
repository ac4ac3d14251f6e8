import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, parseJson, refusalOf } from './api';

describe('parseJson', () => {
  it('reads JSON and gives undefined for an empty or non-JSON answer', () => {
    expect(parseJson('{"status":true}')).toEqual({ status: true });
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('<html>')).toBeUndefined();
  });
});

describe('refusalOf', () => {
  it('lets a successful answer through', () => {
    expect(refusalOf(200, true, { status: true, message: '' }, undefined)).toBeNull();
    expect(refusalOf(204, true, undefined, undefined)).toBeNull();
  });

  it('keeps the server’s message, fields and whole body', () => {
    const body = {
      status: false,
      message: 'Ничего не добавлено',
      added: 0,
      rows: [{ Row: 3, Errors: [] }],
      fields: [{ path: 'Name', message: 'x' }],
    };
    const error = refusalOf(422, false, body, undefined);
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('Ничего не добавлено');
    expect(error?.fields).toEqual([{ path: 'Name', message: 'x' }]);
    expect(error?.body).toEqual(body);
  });

  it('treats status:false in a 200 answer as a refusal', () => {
    expect(refusalOf(200, true, { status: false, message: 'Нет' }, undefined)?.message).toBe('Нет');
  });

  it('names the status when the server gave no message', () => {
    const error = refusalOf(502, false, undefined, undefined);
    expect(error?.message).toContain('502');
    expect(error?.body).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('shows the server’s message, also when a refusal is the cause of another error', () => {
    const refusal = new ApiError('Файл слишком большой', 413);
    expect(errorMessage(refusal, 'x')).toBe('Файл слишком большой');
    expect(errorMessage(new Error('photo', { cause: refusal }), 'x')).toBe('Файл слишком большой');
  });

  it('falls back for anything else', () => {
    expect(errorMessage(new TypeError('boom'), 'Нет связи')).toBe('Нет связи');
    expect(errorMessage(undefined, 'Нет связи')).toBe('Нет связи');
  });
});
