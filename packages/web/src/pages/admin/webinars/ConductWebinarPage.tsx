import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/start-webinar/{id}: the teacher's conducting room. */
export default function ConductWebinarPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
