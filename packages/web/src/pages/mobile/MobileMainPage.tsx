import { AppstoreOutlined, FolderOpenOutlined, FormOutlined, ReadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { PageTitle } from '../../components/PageTitle';
import { TileLinks } from '../../components/TileLinks';

/**
 * /main: the trainee's compact home with four links (learner-and-instructor.md §2): plan, tests,
 * webinars and media files (whose page leads on to the VR videos), and the SCORM courses.
 */
export default function MobileMainPage() {
  const { t } = useTranslation(['common', 'scorm']);
  return (
    <section className="oqu-page">
      <PageTitle>{t('mobile.main.title')}</PageTitle>
      <Greeting />
      <TileLinks
        label={t('mobile.main.title')}
        tiles={[
          { to: '/plan', label: t('mobile.menu.plan'), description: t('mobile.main.planText'), icon: <ReadOutlined /> },
          { to: '/test', label: t('mobile.menu.tests'), description: t('mobile.main.testsText'), icon: <FormOutlined /> },
          {
            to: '/webinars',
            label: t('mobile.menu.webinars'),
            description: t('mobile.main.webinarsText'),
            icon: <VideoCameraOutlined />,
          },
          {
            to: '/scorm-package',
            label: t('section.learnerScorm'),
            description: t('scorm:list.tileText'),
            icon: <AppstoreOutlined />,
          },
          {
            to: '/mediafiles',
            label: t('mobile.menu.media'),
            description: t('mobile.main.mediaText'),
            icon: <FolderOpenOutlined />,
          },
        ]}
      />
    </section>
  );
}
