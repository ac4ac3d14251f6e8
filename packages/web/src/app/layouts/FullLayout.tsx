import { LEARNER_MENU, SECTIONS } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { NavItem } from '../../components/NavMenu';
import { useIsNarrow } from '../../lib/media';
import { compactCounterpart } from '../compact';
import { useMenuKey } from '../routeHandle';
import { SECTION_ICONS } from '../sectionIcons';
import { AppShell } from './AppShell';

/**
 * The learner area /user/*: side menu from LEARNER_MENU, inactive entries greyed. On a phone a page
 * that has a compact counterpart opens it instead, in place of this one in the history (Back and
 * reload keep working).
 */
export default function FullLayout() {
  const { t } = useTranslation();
  const selectedKey = useMenuKey();
  const location = useLocation();
  const compact = useIsNarrow() ? compactCounterpart(location.pathname) : null;
  if (compact) {
    return <Navigate to={{ pathname: compact, search: location.search, hash: location.hash }} state={location.state} replace />;
  }
  const items: NavItem[] = LEARNER_MENU.map(({ key, active }) => ({
    key,
    label: t(`section.${key}`),
    path: SECTIONS[key].path,
    icon: SECTION_ICONS[key],
    disabled: !active,
  }));
  return <AppShell variant="full" items={items} selectedKey={selectedKey} />;
}
