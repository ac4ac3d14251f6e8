import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { TestsList, UnsentAnswersWarning } from '../../features/testing/components/TestsList';

/**
 * /test (compact): exams and tests with number, duration, date, time, status, result and the
 * analytics by topic, and a start button (learner-and-instructor.md §2).
 */
export default function MobileTestsPage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('pages.testsAndExams')}</PageTitle>
      <UnsentAnswersWarning />
      <TestsList layout="compact" />
    </section>
  );
}
