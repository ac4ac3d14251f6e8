import { PeopleList } from '../../../features/users/PeopleList';

/** /admin/conducting-webinar: webinar teachers (role 4). */
export default function TeachersPage() {
  return <PeopleList kind="teacher" />;
}
