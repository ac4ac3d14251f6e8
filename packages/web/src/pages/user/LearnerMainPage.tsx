import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { PageTitle } from '../../components/PageTitle';
import { CertificatesSummary } from '../../features/issued-certificates/CertificatesSummary';
import { PlanSummary } from '../../features/learner-plan/PlanSummary';
import { TestsSummary } from '../../features/testing/components/TestsSummary';
import { WebinarsSummary } from '../../features/webinars/lists/WebinarsSummary';

/** /user/main: the trainee's home with the plan summary, the first 2 tests and webinars (learner-and-instructor.md §2), the newest certificates. */
export default function LearnerMainPage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('section.learnerMain')}</PageTitle>
      <Greeting />
      <PlanSummary />
      <TestsSummary />
      <WebinarsSummary />
      <CertificatesSummary />
    </section>
  );
}
