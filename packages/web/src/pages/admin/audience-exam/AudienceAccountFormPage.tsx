import { PersonFormPage } from '../../../features/users/PersonForm';

/** /admin/create-audience-exam and /admin/edit-audience-exam/:id. */
export default function AudienceAccountFormPage() {
  return <PersonFormPage kind="audience" />;
}
