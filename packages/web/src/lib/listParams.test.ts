import { describe, expect, it } from 'vitest';
import { listQuery, readListParams, withListChanges } from './listParams';

const FILTERS = ['plan', 'topic', 'test'] as const;
const read = (query: string) => readListParams(new URLSearchParams(query), FILTERS);
const change = (query: string, changes: Parameters<typeof withListChanges<(typeof FILTERS)[number]>>[1]) =>
  withListChanges(new URLSearchParams(query), changes).toString();

describe('readListParams', () => {
  it('reads page, filters and search', () => {
    expect(read('page=3&plan=2&topic=5&test=9&search=%20насос%20')).toEqual({ page: 3, plan: 2, topic: 5, test: 9, search: 'насос' });
  });

  it('starts on page 1 with no filter', () => {
    expect(read('')).toEqual({ page: 1, search: '' });
  });

  it('ignores malformed values instead of sending them', () => {
    expect(read('page=0&plan=-1&topic=1.5&test=abc')).toEqual({ page: 1, search: '' });
    expect(read('page=2e3&plan=99999999999999999999')).toEqual({ page: 1, search: '' });
  });

  it('reads only the filters the screen has', () => {
    expect(readListParams(new URLSearchParams('plan=2&role=3'), ['role'])).toEqual({ page: 1, search: '', role: 3 });
  });
});

describe('withListChanges', () => {
  it('a new filter or search starts again from page 1', () => {
    expect(change('plan=1&page=3&search=x', { plan: 2 })).toBe('plan=2&search=x');
    expect(change('plan=1&page=3', { search: 'насос' })).toBe('plan=1&search=%D0%BD%D0%B0%D1%81%D0%BE%D1%81');
  });

  it('removes a cleared filter and an empty search', () => {
    expect(change('plan=1&search=abc', { plan: null })).toBe('search=abc');
    expect(change('test=3&search=abc&page=2', { search: '  ' })).toBe('test=3');
  });

  it('keeps page 1 out of the URL and other pages in it', () => {
    expect(change('test=3&page=4', { page: 1 })).toBe('test=3');
    expect(change('test=3', { page: 2 })).toBe('test=3&page=2');
  });

  it('leaves parameters it does not know alone', () => {
    expect(change('tab=x&plan=1', { page: 2 })).toBe('tab=x&plan=1&page=2');
  });

  it('applies several changes at once', () => {
    expect(change('plan=1&topic=2&test=3', { plan: null, topic: null, test: 9 })).toBe('test=9');
  });
});

describe('listQuery', () => {
  it('leaves out empty values and keeps the order given', () => {
    expect(listQuery({ page: 1 })).toBe('page=1');
    expect(listQuery({ page: 2, id: 5, search: '  ', plan: undefined, type: 9 })).toBe('page=2&id=5&type=9');
  });

  it('encodes the search text', () => {
    expect(listQuery({ page: 1, search: ' охрана & труд ' })).toBe(
      'page=1&search=%D0%BE%D1%85%D1%80%D0%B0%D0%BD%D0%B0+%26+%D1%82%D1%80%D1%83%D0%B4',
    );
  });
});
