import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/webinars-view/{id}: the administrator's read-only view of a webinar. */
export default function WebinarViewPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
