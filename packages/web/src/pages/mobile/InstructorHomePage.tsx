import { MessageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { TileLinks } from '../../components/TileLinks';
import { useSession } from '../../lib/session';

/** /webinar-main: the instructor's compact home (learner-and-instructor.md §2). */
export default function InstructorHomePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <section className="oqu-page">
      <PageTitle>{t('mobile.instructor.title')}</PageTitle>
      {session?.Fullname && (
        <Typography.Paragraph className="oqu-greeting">{t('mobile.main.greeting', { name: session.Fullname })}</Typography.Paragraph>
      )}
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
