import PlaceholderPage from '../common/PlaceholderPage';

/** /webinars-instructor: the instructor's webinars (compact layout). */
export default function MobileInstructorWebinarsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
