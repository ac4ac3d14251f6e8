import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { TestsList, UnsentAnswersWarning } from '../../features/testing/components/TestsList';

/**
 * /user/tests: the exams and tests of the trainee's plan with status, result, analytics and
 * a start button for what may be taken now (learner-and-instructor.md §2, §3, §4).
 */
export default function LearnerTestsPage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('pages.testsAndExams')}</PageTitle>
      <UnsentAnswersWarning />
      <TestsList layout="full" />
    </section>
  );
}
