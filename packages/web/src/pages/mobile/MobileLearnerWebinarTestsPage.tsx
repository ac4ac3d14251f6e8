import PlaceholderPage from '../common/PlaceholderPage';

/** /test-list/{id}: the tests of one webinar (compact layout). */
export default function MobileLearnerWebinarTestsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
