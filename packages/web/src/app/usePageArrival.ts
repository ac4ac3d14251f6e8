import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A move to another page (WCAG 2.4.3): the focus goes to the new page's h1, so the keyboard goes on
 * from the top of the new content and a screen reader says where the person is (the focused heading
 * is what every screen reader reads out; PageTitle sets the tab's title). A page opened by its
 * address, and the redirects while it loads, keep the browser's own start: only a move after the
 * person has pressed a key or a pointer counts.
 *
 * A page arrives in steps (a lazy chunk, then a skeleton's heading replaced by the loaded one; a
 * closing drawer gives the focus back to its button), so until the person acts again, focus left on
 * nothing, on the content's container or outside the content moves to the page's heading. Focus the
 * page itself put inside its content, or a dialog's, stays where it is.
 */
export function usePageArrival() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const acted = useRef(false);

  useEffect(() => {
    const mark = () => {
      acted.current = true;
    };
    document.addEventListener('keydown', mark, true);
    document.addEventListener('pointerdown', mark, true);
    return () => {
      document.removeEventListener('keydown', mark, true);
      document.removeEventListener('pointerdown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (acted.current) return focusHeadingUntilActed();
  }, [pathname]);
}

/** Keeps the focus on the page's h1 while the page arrives; answers the cleanup. */
function focusHeadingUntilActed(): () => void {
  const observer = new MutationObserver(place);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', place);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  function place() {
    const content = document.getElementById('main');
    const heading = (content ?? document.body).querySelector<HTMLElement>('h1');
    const active = document.activeElement;
    if (!heading || active === heading || active?.closest('[aria-modal="true"]')) return;
    if (content && active && active !== content && content.contains(active)) return stop();
    // focusable by script only: a heading is no Tab stop
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    // where the page is scrolled is ScrollRestoration's to say (the top, or where Back left it)
    heading.focus({ preventScroll: true });
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', place);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  place();
  return stop;
}
