import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { LearnerWebinars } from '../../features/webinars/lists/LearnerWebinars';

/** /user/webinars (learner-and-instructor.md §2): current, upcoming and past webinars. */
export default function LearnerWebinarsPage() {
  const { t } = useTranslation('webinars');
  return (
    <section className="oqu-page">
      <PageTitle>{t('learner.title')}</PageTitle>
      <LearnerWebinars layout="full" />
    </section>
  );
}
