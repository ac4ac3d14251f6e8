/** First path segments of the routes where the compact sidebar is hidden (learner-and-instructor.md §2). */
export const SIDEBAR_HIDDEN = new Set([
  '',
  'test-list',
  'webinar-ask',
  'webinar-test',
  'webinar-media',
  'webinar-chat',
  'instructor-chat',
  'instructor-doc',
  'webinar-chatquestions',
]);

export function sidebarShown(pathname: string): boolean {
  return !SIDEBAR_HIDDEN.has(pathname.split('/')[1] ?? '');
}

/**
 * The compact page of each full-layout learner page, by its first segment: on a phone /user/… pages
 * open their compact counterparts, which are made for the width. The rest (VR) fit as they are.
 */
const COMPACT_OF: Record<string, string> = {
  main: 'main',
  'plan-education': 'plan',
  tests: 'test',
  webinars: 'webinars',
  'media-files': 'mediafiles',
  certificates: 'certificates',
  'webinar-view': 'webinar-view',
  // the compact thread page asks the first question too
  'chat-webinar': 'webinar-chatquestions',
  'chat-webinar-messages': 'webinar-chatquestions',
  'test-list': 'test-list',
  testing: 'testing',
  'scorm-package': 'scorm-package',
  'scorm-package-iframe': 'scorm-package-iframe',
};

/** The compact page of a /user/… page that needs an id when it has none: the player without a package is the list. */
const COMPACT_WITHOUT_ID: Record<string, string> = {
  'scorm-package-iframe': 'scorm-package',
};

/** The compact address of a /user/… page (its id kept), or null when it has none. */
export function compactCounterpart(pathname: string): string | null {
  const [, area, page, ...rest] = pathname.split('/');
  if (area !== 'user' || !page) return null;
  const list = rest.filter(Boolean).length === 0 ? COMPACT_WITHOUT_ID[page] : undefined;
  if (list) return `/${list}`;
  const compact = COMPACT_OF[page];
  return compact ? ['', compact, ...rest].join('/') : null;
}
