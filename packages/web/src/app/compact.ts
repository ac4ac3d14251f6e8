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
