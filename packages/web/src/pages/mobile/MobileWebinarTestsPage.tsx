import { Role } from '@oqu/contracts';
import { WebinarTestsScreen } from '../../features/webinars/lists/WebinarTestsScreen';
import { useSession } from '../../lib/session';

/**
 * /webinar-exams/{id} (learner-and-instructor.md §2, compact): used from both sides — staff start the
 * tests, a trainee sees their statuses and starts an open one.
 */
export default function MobileWebinarTestsPage() {
  const trainee = useSession()?.RoleID === Role.Trainee;
  return <WebinarTestsScreen viewer={trainee ? 'learner' : 'staff'} layout="compact" />;
}
