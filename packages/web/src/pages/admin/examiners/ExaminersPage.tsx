import { PeopleList } from '../../../features/users/PeopleList';

/** /admin/examiners: examiners (role 2). */
export default function ExaminersPage() {
  return <PeopleList kind="examiner" />;
}
