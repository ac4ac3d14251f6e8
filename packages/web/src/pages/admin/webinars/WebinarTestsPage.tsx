import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/webinar-exams/{id}: a webinar's tests with the start-testing button. */
export default function WebinarTestsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
