import { TestRunner } from '../../features/testing/components/TestRunner';

/** /testing/{id}: the test-taking screen of the compact layout (learner-and-instructor.md §2, §4). */
export default function MobileTestingPage() {
  return <TestRunner layout="compact" />;
}
