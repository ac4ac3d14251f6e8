import { TestRunner } from '../../features/testing/components/TestRunner';

/** /user/testing/{id}: the test-taking screen of the full layout (learner-and-instructor.md §2, §4). */
export default function TestingPage() {
  return <TestRunner layout="full" />;
}
