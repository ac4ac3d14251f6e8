import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * antd's icons name themselves in English after their file ("home", "lock"), and a link or a button
 * is named by its content: the menu read "home Главная". Every icon of Oqu stands beside its text or
 * inside a control named by `aria-label`, so icons are hidden from screen readers unless given a name
 * of their own (an icon that means something alone: `role="img" aria-label=…`). antd has no setting
 * for it; all its icons, its own included, render through these two components (outlined and filled,
 * two-tone), whose render is wrapped.
 */
for (const component of [AntdIconLight, AntdIcon]) {
  const icon = component as unknown as { render: (props: { 'aria-label'?: string; 'aria-hidden'?: boolean }, ref: unknown) => ReactNode };
  const render = icon.render;
  icon.render = (props, ref) => render(props['aria-label'] ? props : { 'aria-hidden': true, ...props }, ref);
}

/**
 * antd's locale without the names its date picker gives the month and year it shows («Выбрать месяц»
 * on a button reading «нояб.»): a control's name holds its visible text (WCAG 2.5.3), so the buttons
 * are named by what they read.
 */
export function withVisibleNames(locale: Locale): Locale {
  if (!locale.DatePicker) return locale;
  const { yearSelect: _year, monthSelect: _month, ...lang } = locale.DatePicker.lang;
  return { ...locale, DatePicker: { ...locale.DatePicker, lang: lang as typeof locale.DatePicker.lang } };
}

/** Controls antd names in English whatever its locale (a number's steps), or leaves unnamed once icons are hidden (a pager's arrows, a field's clear button). */
const UNNAMED = [
  ['.ant-input-number-action-up', 'controls.increase'],
  ['.ant-input-number-action-down', 'controls.decrease'],
  ['.ant-pagination-prev .ant-pagination-item-link', 'controls.previousPage'],
  ['.ant-pagination-next .ant-pagination-item-link', 'controls.nextPage'],
  // a field's clear button, named by its icon alone
  ['.ant-input-clear-icon', 'controls.clear'],
] as const;

/**
 * antd's loading wrapper (a Spin around a table or a card) is a polite live region: a screen reader
 * would read the whole table out again each time it loads. Only status messages are live regions.
 */
const SPIN_WRAPPER = '.ant-spin:has(> .ant-spin-container)';

function matching(root: Element, selector: string): Element[] {
  return [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
}

/**
 * Names those controls in the page's language and quiets the loading wrappers, as antd adds them to
 * the page: their props do not reach these attributes, and React leaves attributes it did not change.
 */
export function useAccessibleAntd() {
  const { t } = useTranslation();
  useEffect(() => {
    const fix = (root: Element) => {
      for (const [selector, key] of UNNAMED) for (const control of matching(root, selector)) control.setAttribute('aria-label', t(key));
      for (const wrapper of matching(root, SPIN_WRAPPER)) wrapper.setAttribute('aria-live', 'off');
    };
    fix(document.body);
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) fix(node);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t]);
}
