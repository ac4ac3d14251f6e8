import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/webinar: the teacher's own webinars with the countdown and the start control. */
export default function TeacherWebinarsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
