import PlaceholderPage from '../common/PlaceholderPage';

/** /user/chat-webinar/{id}: ask the teacher a question about a webinar. */
export default function AskQuestionPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
