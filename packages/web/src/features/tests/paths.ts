/** Addresses of the list calls (admin-back-office.md §7), with only the filters that are set. */

export interface TestsQuery {
  page: number;
  plan?: number;
  topic?: number;
  search?: string;
}

export interface QuestionsQuery extends TestsQuery {
  /** the test whose questions are listed (sent as the spec's `?id=`) */
  test?: number;
}

function query(entries: [string, number | string | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text) params.set(key, text);
  }
  return params.toString();
}

/** GET /api/exam/gettests?page=&plan=&topic=&search= */
export function testsPath({ page, plan, topic, search }: TestsQuery): string {
  return `/api/exam/gettests?${query([
    ['page', Math.max(1, Math.trunc(page) || 1)],
    ['plan', plan],
    ['topic', topic],
    ['search', search],
  ])}`;
}

/** GET /api/question/getquestions?page=&id=&plan=&topic=&search= (`id` is the test, as in the spec). */
export function questionsPath({ page, test, plan, topic, search }: QuestionsQuery): string {
  return `/api/question/getquestions?${query([
    ['page', Math.max(1, Math.trunc(page) || 1)],
    ['id', test],
    ['plan', plan],
    ['topic', topic],
    ['search', search],
  ])}`;
}

/** The questions screen, filtered by one test (the form's "back" and "saved" targets). */
export function questionsScreen(test?: number): string {
  return test ? `/admin/questions?test=${test}` : '/admin/questions';
}
