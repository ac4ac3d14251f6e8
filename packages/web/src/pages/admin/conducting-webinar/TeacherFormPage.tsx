import { PersonFormPage } from '../../../features/users/PersonForm';

/** /admin/create-recording-webinar and /admin/edit-recording-webinar/:id. */
export default function TeacherFormPage() {
  return <PersonFormPage kind="teacher" />;
}
