import { WebinarTestsScreen } from '../../../features/webinars/lists/WebinarTestsScreen';

/** /admin/webinar-exams/{id} (admin-back-office.md §2): a webinar's tests with the start-testing button. */
export default function WebinarTestsPage() {
  return <WebinarTestsScreen viewer="staff" layout="full" />;
}
