import PlaceholderPage from '../common/PlaceholderPage';

/** /webinar-start/{id}: the teacher's conducting room (compact layout). */
export default function MobileConductWebinarPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
