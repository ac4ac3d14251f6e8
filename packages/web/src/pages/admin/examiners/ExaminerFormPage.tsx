import { PersonFormPage } from '../../../features/users/PersonForm';

/** /admin/create-examiner and /admin/edit-examiner/:id. */
export default function ExaminerFormPage() {
  return <PersonFormPage kind="examiner" />;
}
