/** Where the trainee's tests live in each layout (learner-and-instructor.md §2). */
export type Layout = 'full' | 'compact';

export function testsListPath(layout: Layout): string {
  return layout === 'full' ? '/user/tests' : '/test';
}

export function testingPath(layout: Layout, testId: number): string {
  return layout === 'full' ? `/user/testing/${testId}` : `/testing/${testId}`;
}
