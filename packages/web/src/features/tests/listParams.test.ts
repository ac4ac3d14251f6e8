import { describe, expect, it } from 'vitest';
import { readListParams, withListChanges } from './listParams';

const read = (query: string) => readListParams(new URLSearchParams(query));
const change = (query: string, changes: Parameters<typeof withListChanges>[1]) =>
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
});

describe('withListChanges', () => {
  it('a new plan clears the topic, the test and the page', () => {
    expect(change('plan=1&topic=4&test=7&page=3&search=x', { plan: 2 })).toBe('plan=2&search=x');
  });

  it('a new topic clears the test but keeps the plan', () => {
    expect(change('plan=1&topic=4&test=7&page=2', { topic: 5 })).toBe('plan=1&topic=5');
  });

  it('a test keeps the plan and topic it was chosen within', () => {
    expect(change('plan=1&topic=4&page=5', { test: 8 })).toBe('plan=1&topic=4&test=8');
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

  it('can clear the plan and choose a test at once', () => {
    expect(change('plan=1&topic=2&test=3', { plan: null, test: 9 })).toBe('test=9');
  });
});
