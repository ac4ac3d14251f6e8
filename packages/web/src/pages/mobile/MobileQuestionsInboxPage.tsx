import { MessageOutlined } from '@ant-design/icons';
import { Role } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { Inbox } from '../../features/webinars/lists/Inbox';
import { useSession } from '../../lib/session';

/**
 * /questions-webinars (learner-and-instructor.md §2, compact): the teacher answers; an administrator
 * only reads; an examiner, who may open the compact instructor screens, has no questions to see.
 */
export default function MobileQuestionsInboxPage() {
  const { t } = useTranslation('webinars');
  const role = useSession()?.RoleID;
  const teacher = role === Role.Teacher;
  return (
    <section className="oqu-page">
      <PageTitle>{t('inbox.title')}</PageTitle>
      {teacher || role === Role.Admin ? (
        <Inbox layout="compact" readOnly={!teacher} />
      ) : (
        <EmptyState icon={MessageOutlined} text={t('inbox.notForRole')} testId="inbox-not-for-role" />
      )}
    </section>
  );
}
