import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { PlanSummary } from '../../features/learner-plan/PlanSummary';
import { useSession } from '../../lib/session';

/** /user/main: the trainee's home with the plan summary (learner-and-instructor.md §2). */
export default function LearnerMainPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <section className="oqu-page">
      <PageTitle>{t('section.learnerMain')}</PageTitle>
      {session?.Fullname && (
        <Typography.Paragraph className="oqu-greeting">{t('mobile.main.greeting', { name: session.Fullname })}</Typography.Paragraph>
      )}
      <PlanSummary />
    </section>
  );
}
