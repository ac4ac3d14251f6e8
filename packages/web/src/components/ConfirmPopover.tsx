import { Popconfirm, type PopconfirmProps } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * antd's Popconfirm as a keyboard needs it. Its popup sits at the end of the page, where Tab would
 * reach it last: it opens with the focus on its safe button (Cancel, or the only one when it just
 * explains), so Enter, Enter never deletes; Escape closes it; and closing gives the focus back to the
 * control that opened it, as the popup's buttons go away.
 */
export function ConfirmPopover({ onOpenChange, showCancel = true, cancelButtonProps, okButtonProps, ...props }: PopconfirmProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const safeId = useId();

  function change(next: boolean) {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const active = document.activeElement;
    // a click elsewhere has put the focus where the person wants it
    const focusGoes = !active || active === document.body || active.closest('.ant-popconfirm');
    if (!next && focusGoes) opener.current?.focus();
    setOpen(next);
    onOpenChange?.(next);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `change` is the current render's, and only Escape while open calls it
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') change(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <Popconfirm
      {...props}
      open={open}
      onOpenChange={change}
      showCancel={showCancel}
      cancelButtonProps={{ ...cancelButtonProps, id: showCancel ? safeId : undefined }}
      okButtonProps={{ ...okButtonProps, id: showCancel ? undefined : safeId }}
      // once the popup has moved into place (focus on its way in would scroll the page to where it starts)
      afterOpenChange={(opened) => {
        if (opened) document.getElementById(safeId)?.focus();
      }}
    />
  );
}
