import { WebinarTestsScreen } from '../../features/webinars/lists/WebinarTestsScreen';

/** /test-list/{id} (learner-and-instructor.md §2, compact): the tests of one webinar. */
export default function MobileLearnerWebinarTestsPage() {
  return <WebinarTestsScreen viewer="learner" layout="compact" />;
}
