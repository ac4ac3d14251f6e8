import { questionEndpoints, testEndpoints } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from '../../lib/endpoint';
import { type QuestionsQuery, questionsListQuery, questionsScreen, type TestsQuery, testsListQuery } from './paths';

const testsPath = (query: TestsQuery) => endpointUrl(testEndpoints.list, { query: testsListQuery(query) });
const questionsPath = (query: QuestionsQuery) => endpointUrl(questionEndpoints.list, { query: questionsListQuery(query) });

describe('testsPath', () => {
  it('sends only the filters that are set', () => {
    expect(testsPath({ page: 1 })).toBe('/api/exam/gettests?page=1');
    expect(testsPath({ page: 2, plan: 3, topic: 4, search: ' Охрана труда ' })).toBe(
      '/api/exam/gettests?page=2&plan=3&topic=4&search=%D0%9E%D1%85%D1%80%D0%B0%D0%BD%D0%B0+%D1%82%D1%80%D1%83%D0%B4%D0%B0',
    );
  });

  it('never asks for a page below 1', () => {
    expect(testsPath({ page: 0 })).toBe('/api/exam/gettests?page=1');
    expect(testsPath({ page: Number.NaN })).toBe('/api/exam/gettests?page=1');
  });

  it('drops a blank search and encodes the rest', () => {
    expect(testsPath({ page: 1, search: '   ' })).toBe('/api/exam/gettests?page=1');
    expect(testsPath({ page: 1, search: 'a&b=c' })).toBe('/api/exam/gettests?page=1&search=a%26b%3Dc');
  });
});

describe('questionsPath', () => {
  it('sends the test as the spec’s ?id=', () => {
    expect(questionsPath({ page: 1, test: 12 })).toBe('/api/question/getquestions?page=1&id=12');
    expect(questionsPath({ page: 3, plan: 1, topic: 2, test: 5, search: 'давление' })).toBe(
      '/api/question/getquestions?page=3&id=5&plan=1&topic=2&search=%D0%B4%D0%B0%D0%B2%D0%BB%D0%B5%D0%BD%D0%B8%D0%B5',
    );
  });
});

describe('questionsScreen', () => {
  it('keeps the test filter', () => {
    expect(questionsScreen(7)).toBe('/admin/questions?test=7');
    expect(questionsScreen()).toBe('/admin/questions');
  });
});
