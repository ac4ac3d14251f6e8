import PlaceholderPage from '../common/PlaceholderPage';

/** /user/webinars: current, upcoming and past webinars. */
export default function LearnerWebinarsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
