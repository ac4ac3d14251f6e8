import { useMatches } from 'react-router';

/** Per-route data read by the layouts: which menu entry the page belongs to. */
export interface RouteHandle {
  menuKey?: string;
}

/** The menu key of the deepest matched route that has one. */
export function useMenuKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.menuKey) return handle.menuKey;
  }
  return undefined;
}
