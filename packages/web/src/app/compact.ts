import { LEARNER_MENU } from '@oqu/contracts';

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

/** Media files are an inactive entry of the learner menu until they exist: the compact screens grey them too. */
export const MEDIA_FILES_ACTIVE = LEARNER_MENU.some((entry) => entry.key === 'learnerMedia' && entry.active);

/**
 * The compact page of each full-layout learner page, by its first segment: on a phone /user/… pages
 * open their compact counterparts, which are made for the width. The rest (SCORM, VR) fit as they are.
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
};

/** The compact address of a /user/… page (its id kept), or null when it has none. */
export function compactCounterpart(pathname: string): string | null {
  const [, area, page, ...rest] = pathname.split('/');
  const compact = area === 'user' && page ? COMPACT_OF[page] : undefined;
  return compact ? ['', compact, ...rest].join('/') : null;
}
