import { PersonFormPage } from '../../../features/users/PersonFormPage';

/** /admin/create-examiner and /admin/edit-examiner/:id. */
export default function ExaminerFormPage() {
  return <PersonFormPage kind="examiner" />;
}
