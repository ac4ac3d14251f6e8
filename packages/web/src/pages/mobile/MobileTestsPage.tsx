import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ExamsAndTests } from '../../features/exams/ExamsAndTests';

/**
 * /test (compact): the trainee's exams, then the tests with number, duration, date, time, status,
 * result and the analytics by topic, and a start button (learner-and-instructor.md §2).
 */
export default function MobileTestsPage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('pages.testsAndExams')}</PageTitle>
      <ExamsAndTests layout="compact" />
    </section>
  );
}
