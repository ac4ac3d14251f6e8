import PlaceholderPage from '../common/PlaceholderPage';

/** /user/test-list/{id}: the tests of one webinar. */
export default function LearnerWebinarTestsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
