import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './NavMenu.css';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  icon?: ReactNode;
  /** Shown greyed and not clickable (the spec's inactive entries). */
  disabled?: boolean;
}

/**
 * A side menu of links; the entry of the current page is highlighted and marked aria-current.
 * Plain links in a list, not antd's Menu: the pages of a site are navigation, not an application
 * menu, and a `role="menu"` list was a Tab stop of its own in front of each of its links. The icons
 * are decoration: hidden, so that a link is named by its text alone.
 */
export function NavMenu({ items, selectedKey }: { items: NavItem[]; selectedKey?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="oqu-nav-menu">
      {items.map((item) => {
        const content = (
          <>
            {item.icon && (
              <span className="oqu-nav-icon" aria-hidden>
                {item.icon}
              </span>
            )}
            {item.label}
          </>
        );
        return (
          <li key={item.key}>
            {item.disabled ? (
              <span className="oqu-nav-link oqu-nav-link-disabled" aria-disabled="true" title={t('menu.soon')}>
                {content}
              </span>
            ) : (
              <Link to={item.path} className="oqu-nav-link" aria-current={item.key === selectedKey ? 'page' : undefined}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Focuses the current page's entry of the menu inside `container`, or its first entry. */
export function focusCurrentEntry(container: HTMLElement | null) {
  const entry =
    container?.querySelector<HTMLElement>('.oqu-nav-link[aria-current="page"]') ?? container?.querySelector<HTMLElement>('a.oqu-nav-link');
  entry?.focus();
}
