import { useLocation } from 'react-router';

/** Where the trainee's SCORM screens live: the full layout's /user/… pages, or the compact routes on a phone. */
export interface ScormPaths {
  list: string;
  player: (id: number) => string;
}

export const FULL_SCORM_PATHS: ScormPaths = {
  list: '/user/scorm-package',
  player: (id) => `/user/scorm-package-iframe/${id}`,
};

export const COMPACT_SCORM_PATHS: ScormPaths = {
  list: '/scorm-package',
  player: (id) => `/scorm-package-iframe/${id}`,
};

/** The SCORM screens link within the layout they are shown in. */
export function scormPathsFor(pathname: string): ScormPaths {
  return pathname.startsWith('/user/') ? FULL_SCORM_PATHS : COMPACT_SCORM_PATHS;
}

export function useScormPaths(): ScormPaths {
  return scormPathsFor(useLocation().pathname);
}
