import { ADMIN_MENU, canUse, SECTIONS } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../components/NavMenu';
import { useSession } from '../../lib/session';
import { useMenuKey } from '../routeHandle';
import { SECTION_ICONS } from '../sectionIcons';
import { AppShell } from './AppShell';

/** The admin area /admin/*: the entries of ADMIN_MENU the signed-in role may use. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const selectedKey = useMenuKey();
  const role = session?.RoleID;
  const items: NavItem[] = role
    ? ADMIN_MENU.filter((section) => canUse(section, role)).map((section) => ({
        key: section,
        label: t(`section.${section}`),
        path: SECTIONS[section].path,
        icon: SECTION_ICONS[section],
      }))
    : [];
  return <AppShell variant="full" items={items} selectedKey={selectedKey} />;
}
