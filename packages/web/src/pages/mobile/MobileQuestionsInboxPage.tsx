import PlaceholderPage from '../common/PlaceholderPage';

/** /questions-webinars: the instructor's inbox (compact layout). */
export default function MobileQuestionsInboxPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
