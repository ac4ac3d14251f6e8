import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { isAfterSave } from '../lib/saved';
import { useConfirm } from './useConfirm';

/**
 * While `dirty`, leaving the page asks first: a link, Back or a menu entry through a confirm
 * dialog, a reload or closing the tab through the browser's own question (`beforeunload`).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  // a change of the query string only (a filter on the same page) is not leaving, nor is the
  // return to the list after a save
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname && !isAfterSave(nextLocation.state),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm({
      title: t('form.leaveTitle'),
      content: t('form.leaveText'),
      okText: t('form.leave'),
      okButtonProps: { danger: true },
      cancelText: t('form.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
