import {
  AppstoreOutlined,
  FileDoneOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HomeOutlined,
  MessageOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { canUse, Role, SECTIONS, staff } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { NavItem } from '../../components/NavMenu';
import { useSession } from '../../lib/session';
import { sidebarShown } from '../compact';
import { EXAMINER_MOBILE_HOME, INSTRUCTOR_MOBILE_HOME, LEARNER_MOBILE_HOME, landingPath } from '../landing';
import { useMenuKey } from '../routeHandle';
import { AppShell } from './AppShell';

/** The mobile layout of root-level routes, with a drawer menu for trainees or instructors. */
export default function CompactLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const selectedKey = useMenuKey();

  let items: NavItem[] = [];
  if (session?.RoleID === Role.Trainee) {
    items = [
      { key: 'main', label: t('mobile.menu.main'), path: LEARNER_MOBILE_HOME, icon: <HomeOutlined /> },
      { key: 'plan', label: t('mobile.menu.plan'), path: '/plan', icon: <ReadOutlined /> },
      { key: 'tests', label: t('mobile.menu.tests'), path: '/test', icon: <FormOutlined /> },
      { key: 'webinars', label: t('mobile.menu.webinars'), path: '/webinars', icon: <VideoCameraOutlined /> },
      { key: 'scorm', label: t('section.learnerScorm'), path: '/scorm-package', icon: <AppstoreOutlined /> },
      // as on the desktop menu: greyed until media files exist
      { key: 'media', label: t('mobile.menu.media'), path: '/mediafiles', icon: <FolderOpenOutlined /> },
      { key: 'certificates', label: t('section.learnerCertificates'), path: '/certificates', icon: <TrophyOutlined /> },
    ];
  } else if (session && staff.includes(session.RoleID)) {
    items = [
      // the examiner's exams, their results and signing first: what they come for
      ...(canUse('reportCard', session.RoleID)
        ? [{ key: 'reportCard', label: t('section.reportCard'), path: EXAMINER_MOBILE_HOME, icon: <FileDoneOutlined /> }]
        : []),
      { key: 'home', label: t('mobile.menu.home'), path: INSTRUCTOR_MOBILE_HOME, icon: <HomeOutlined /> },
      {
        key: 'instructorWebinars',
        label: t('mobile.menu.instructorWebinars'),
        path: '/webinars-instructor',
        icon: <VideoCameraOutlined />,
      },
      {
        key: 'instructorQuestions',
        label: t('mobile.menu.instructorQuestions'),
        path: '/questions-webinars',
        icon: <MessageOutlined />,
      },
      // the rest of their work is in the admin area, whose own menu lists it (a drawer on narrow screens too)
      { key: 'adminArea', label: t('mobile.menu.adminArea'), path: landingPath(session.RoleID, false), icon: <SettingOutlined /> },
    ];
  } else if (session?.RoleID === Role.Region) {
    items = [{ key: 'audience', label: t('section.audience'), path: SECTIONS.audience.path, icon: <TeamOutlined /> }];
  }

  return <AppShell variant="compact" items={items} selectedKey={selectedKey} showMenu={sidebarShown(pathname)} />;
}
