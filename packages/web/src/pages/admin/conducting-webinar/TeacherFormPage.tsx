import { PersonFormPage } from '../../../features/users/PersonFormPage';

/** /admin/create-recording-webinar and /admin/edit-recording-webinar/:id. */
export default function TeacherFormPage() {
  return <PersonFormPage kind="teacher" />;
}
