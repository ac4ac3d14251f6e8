import { LEARNER_MENU, SECTIONS } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/AppShell';
import type { NavItem } from '../../components/NavMenu';
import { useMenuKey } from '../routeHandle';
import { SECTION_ICONS } from '../sectionIcons';

/** The learner area /user/*: side menu from LEARNER_MENU, inactive entries greyed. */
export default function FullLayout() {
  const { t } = useTranslation();
  const selectedKey = useMenuKey();
  const items: NavItem[] = LEARNER_MENU.map(({ key, active }) => ({
    key,
    label: t(`section.${key}`),
    path: SECTIONS[key].path,
    icon: SECTION_ICONS[key],
    disabled: !active,
  }));
  return <AppShell variant="full" items={items} selectedKey={selectedKey} />;
}
