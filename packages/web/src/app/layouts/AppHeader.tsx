import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LogoutButton } from '../../features/auth/LogoutButton';
import { useIsNarrow } from '../../lib/media';
import { useSession } from '../../lib/session';
import { landingPath } from '../landing';
import { UserMenu } from './UserMenu';

/** Product name, menu button (when the menu is a drawer), language switch, user menu and logout. */
export function AppHeader({ onOpenMenu, menuOpen }: { onOpenMenu?: () => void; menuOpen?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const narrow = useIsNarrow();
  const home = session ? landingPath(session.RoleID, narrow) : '/';
  return (
    <Layout.Header className="oqu-header">
      {onOpenMenu && (
        <Button
          type="text"
          className="oqu-menu-button"
          icon={<MenuOutlined />}
          aria-label={t('menu.open')}
          aria-expanded={menuOpen ?? false}
          aria-controls="oqu-drawer-menu"
          onClick={onOpenMenu}
        />
      )}
      <Link to={home} className="oqu-brand" title={t('app.home')}>
        <BrandMark size={30} />
        <span className="oqu-brand-name">Oqu</span>
      </Link>
      <div className="oqu-header-spacer" />
      <LanguageSwitch />
      <UserMenu />
      <LogoutButton />
    </Layout.Header>
  );
}
