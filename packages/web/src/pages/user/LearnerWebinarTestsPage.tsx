import { WebinarTestsScreen } from '../../features/webinars/lists/WebinarTestsScreen';

/** /user/test-list/{id} (learner-and-instructor.md §2): the tests of one webinar, with a close button back to the room. */
export default function LearnerWebinarTestsPage() {
  return <WebinarTestsScreen viewer="learner" layout="full" />;
}
