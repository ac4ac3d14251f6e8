import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { LearnerWebinars } from '../../features/webinars/lists/LearnerWebinars';

/** /webinars (learner-and-instructor.md §2, compact): current, upcoming and past webinars. */
export default function MobileWebinarsPage() {
  const { t } = useTranslation('webinars');
  return (
    <section className="oqu-page">
      <PageTitle>{t('learner.title')}</PageTitle>
      <LearnerWebinars layout="compact" />
    </section>
  );
}
