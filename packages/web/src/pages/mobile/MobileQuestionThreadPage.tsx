import PlaceholderPage from '../common/PlaceholderPage';

/** /webinar-chatquestions/{id}: ask or continue the conversation about a webinar (compact layout). */
export default function MobileQuestionThreadPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
