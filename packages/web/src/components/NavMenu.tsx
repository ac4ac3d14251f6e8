import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  icon?: ReactNode;
  /** Shown greyed and not clickable (the spec's inactive entries). */
  disabled?: boolean;
}

/** A side menu of links; the entry of the current page is highlighted and marked aria-current. */
export function NavMenu({ items, selectedKey }: { items: NavItem[]; selectedKey?: string }) {
  const { t } = useTranslation();
  return (
    <Menu
      mode="inline"
      className="oqu-nav-menu"
      selectedKeys={selectedKey ? [selectedKey] : []}
      items={items.map((item) => ({
        key: item.key,
        icon: item.icon,
        disabled: item.disabled,
        label: item.disabled ? (
          <span title={t('menu.soon')}>{item.label}</span>
        ) : (
          <Link to={item.path} aria-current={item.key === selectedKey ? 'page' : undefined}>
            {item.label}
          </Link>
        ),
      }))}
    />
  );
}
