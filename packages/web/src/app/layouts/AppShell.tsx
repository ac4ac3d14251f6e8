import { Drawer, Layout } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { focusCurrentEntry, type NavItem, NavMenu } from '../../components/NavMenu';
import { PageLoader } from '../../components/PageLoader';
import { useIsNarrow } from '../../lib/media';
import { AppHeader } from './AppHeader';

interface AppShellProps {
  items: NavItem[];
  selectedKey?: string;
  /** 'full': a fixed side menu on wide screens, a drawer on narrow ones; 'compact': always a drawer. */
  variant: 'full' | 'compact';
  /** The compact layout hides its sidebar on some routes (learner-and-instructor.md §2). */
  showMenu?: boolean;
}

/** Header, side menu (or drawer) and the page, with a skip link to the content. */
export function AppShell({ items, selectedKey, variant, showMenu = true }: AppShellProps) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const asDrawer = showMenu && (variant === 'compact' || narrow);
  const asSider = showMenu && !asDrawer;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);

  const nav = (
    <nav aria-label={t('menu.label')} ref={navRef}>
      <NavMenu items={items} selectedKey={selectedKey} />
    </nav>
  );

  return (
    <Layout className={`oqu-shell oqu-shell-${variant}`}>
      <a href="#main" className="oqu-skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader onOpenMenu={asDrawer ? () => setDrawerOpen(true) : undefined} menuOpen={drawerOpen} />
      <Layout>
        {asSider && (
          <Layout.Sider width={272} className="oqu-sider">
            {nav}
          </Layout.Sider>
        )}
        {/* data-path: the page shown, set in the commit that shows it (the address changes before a lazy page has loaded) */}
        <Layout.Content id="main" tabIndex={-1} className="oqu-content" data-path={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {asDrawer && (
        <Drawer
          id="oqu-drawer-menu"
          placement="left"
          size={288}
          title={t('menu.title')}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          // antd focuses the drawer's panel, where no focus shows: start on the current page's entry
          afterOpenChange={(open) => open && focusCurrentEntry(navRef.current)}
          className="oqu-drawer"
        >
          {nav}
        </Drawer>
      )}
    </Layout>
  );
}
