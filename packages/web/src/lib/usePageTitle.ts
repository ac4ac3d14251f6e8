import { useEffect } from 'react';

/** Sets the tab title to `<page> · Oqu` while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Oqu` : 'Oqu';
  }, [title]);
}
