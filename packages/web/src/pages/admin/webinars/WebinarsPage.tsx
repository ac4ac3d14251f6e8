import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/webinars: the schedule of webinars. */
export default function WebinarsPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
