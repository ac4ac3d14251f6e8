import { App, type ModalFuncProps } from 'antd';
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef } from 'react';

/**
 * The app's confirmation dialog (antd's `modal.confirm`) as a keyboard and a screen reader need it:
 * it opens with the focus on the safe choice, Cancel, so that Enter, Enter never completes, deletes
 * or signs anything; and its explanation is the dialog's description, read out with its title.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    (props: ModalFuncProps) =>
      modal.confirm({
        ...props,
        focusable: { autoFocusButton: 'cancel' },
        content: props.content && <DialogDescription>{props.content}</DialogDescription>,
      }),
    [modal],
  );
}

/** Content that describes the dialog it is in: antd names a confirmation by its title, and links nothing else. */
function DialogDescription({ children }: { children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.closest('[role="dialog"]')?.setAttribute('aria-describedby', id);
  }, [id]);
  return (
    <div id={id} ref={ref}>
      {children}
    </div>
  );
}
