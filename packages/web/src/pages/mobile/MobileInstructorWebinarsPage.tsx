import { Role } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { fetchTeacherWebinars, fetchWebinars, webinarsKeys } from '../../features/webinars/api';
import { InstructorWebinars } from '../../features/webinars/lists/InstructorWebinars';
import { useSession } from '../../lib/session';

/** How many of the whole schedule an administrator or examiner sees here (the newest first). */
const SCHEDULE_PAGE = 1;

/**
 * /webinars-instructor (learner-and-instructor.md §2, compact): a teacher's own webinars. An
 * administrator or examiner on a phone has none of their own, so they see the latest page of the
 * whole schedule; an administrator may start a room from it, an examiner only looks.
 */
export default function MobileInstructorWebinarsPage() {
  const { t } = useTranslation('webinars');
  const role = useSession()?.RoleID;
  const teacher = role === Role.Teacher;
  const admin = role === Role.Admin;
  const own = useQuery({ queryKey: webinarsKeys.teacher, queryFn: fetchTeacherWebinars, enabled: teacher });
  const schedule = useQuery({
    queryKey: webinarsKeys.list({ page: SCHEDULE_PAGE }),
    queryFn: () => fetchWebinars({ page: SCHEDULE_PAGE }),
    enabled: !teacher,
    select: (page) => page.data,
  });
  return (
    <section className="oqu-page">
      <PageTitle>{t(teacher ? 'teacher.title' : 'teacher.scheduleTitle')}</PageTitle>
      <InstructorWebinars layout="compact" query={teacher ? own : schedule} canStart={teacher || admin} withTests={teacher || admin} />
    </section>
  );
}
