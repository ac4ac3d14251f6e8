import PlaceholderPage from '../../common/PlaceholderPage';

/** /admin/create-webinar and /admin/edit-webinar/{id}. */
export default function WebinarFormPage() {
  return <PlaceholderPage titleKey="section.learnerWebinars" />;
}
