import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ExamsAndTests } from '../../features/exams/ExamsAndTests';

/**
 * /user/tests: the trainee's exams (status, results, verdict), then the tests of their plan with
 * status, result, analytics and a start button for what may be taken now (learner-and-instructor.md §2, §3, §4).
 */
export default function LearnerTestsPage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('pages.testsAndExams')}</PageTitle>
      <ExamsAndTests layout="full" />
    </section>
  );
}
