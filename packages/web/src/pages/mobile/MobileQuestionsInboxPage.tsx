import { MessageOutlined } from '@ant-design/icons';
import { answersQuestions, isAmong, readsQuestionInbox } from '@oqu/contracts';
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
  const answers = isAmong(answersQuestions, role);
  return (
    <section className="oqu-page">
      <PageTitle>{t('inbox.title')}</PageTitle>
      {isAmong(readsQuestionInbox, role) ? (
        <Inbox layout="compact" readOnly={!answers} />
      ) : (
        <EmptyState icon={MessageOutlined} text={t('inbox.notForRole')} testId="inbox-not-for-role" />
      )}
    </section>
  );
}
