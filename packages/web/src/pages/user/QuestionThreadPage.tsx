import PlaceholderPage from '../common/PlaceholderPage';

/** /user/chat-webinar-messages/{id}: the conversation about a webinar. */
export default function QuestionThreadPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
