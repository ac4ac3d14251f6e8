import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/questions-webinars (teacher, answers) and /admin/admin-questions (admin, read-only). */
export default function QuestionsInboxPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
