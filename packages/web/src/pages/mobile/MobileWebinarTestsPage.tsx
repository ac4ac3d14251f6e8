import PlaceholderPage from '../common/PlaceholderPage';

/** /webinar-exams/{id}: a webinar's tests (compact layout, both sides). */
export default function MobileWebinarTestsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
