/** Query strings of the list calls (admin-back-office.md §7); `call()` leaves out the filters that are not set. */

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

/** A page below 1, or not a number, asks for the first one. */
const firstPage = (page: number) => Math.max(1, Math.trunc(page) || 1);

/** GET /api/exam/gettests?page=&plan=&topic=&search= */
export function testsListQuery({ page, plan, topic, search }: TestsQuery) {
  return { page: firstPage(page), plan, topic, search };
}

/** GET /api/question/getquestions?page=&id=&plan=&topic=&search= (`id` is the test, as in the spec). */
export function questionsListQuery({ page, test, plan, topic, search }: QuestionsQuery) {
  return { page: firstPage(page), id: test, plan, topic, search };
}

/** The questions screen, filtered by one test (the form's "back" and "saved" targets). */
export function questionsScreen(test?: number): string {
  return test ? `/admin/questions?test=${test}` : '/admin/questions';
}
