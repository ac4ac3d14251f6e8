import { PeopleList } from '../../../features/users/PeopleList';

/** /admin/audience-exam: exam-audience (region) accounts, role 5. */
export default function AudienceAccountsPage() {
  return <PeopleList kind="audience" />;
}
