import { ReportButton } from '../../../features/statistics/ReportButton';
import { PeopleList } from '../../../features/users/PeopleList';

/** /admin/conducting-webinar: webinar teachers (role 4), and the report on every webinar they held. */
export default function TeachersPage() {
  return <PeopleList kind="teacher" extra={<ReportButton kind="teacher" />} />;
}
