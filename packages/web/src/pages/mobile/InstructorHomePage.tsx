import { MessageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { PageTitle } from '../../components/PageTitle';
import { TileLinks } from '../../components/TileLinks';

/** /webinar-main: the instructor's compact home (learner-and-instructor.md §2). */
export default function InstructorHomePage() {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t('mobile.instructor.title')}</PageTitle>
      <Greeting />
      <TileLinks
        label={t('mobile.instructor.title')}
        tiles={[
          {
            to: '/webinars-instructor',
            label: t('mobile.menu.instructorWebinars'),
            description: t('mobile.instructor.webinarsText'),
            icon: <VideoCameraOutlined />,
          },
          {
            to: '/questions-webinars',
            label: t('mobile.menu.instructorQuestions'),
            description: t('mobile.instructor.questionsText'),
            icon: <MessageOutlined />,
          },
        ]}
      />
    </section>
  );
}
