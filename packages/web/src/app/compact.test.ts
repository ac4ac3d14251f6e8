import { describe, expect, it } from 'vitest';
import { sidebarShown } from './compact';

describe('compact sidebar', () => {
  it('is hidden on the routes the spec lists', () => {
    for (const path of [
      '/',
      '/test-list/4',
      '/webinar-ask',
      '/webinar-test',
      '/webinar-media',
      '/webinar-chat/2',
      '/instructor-chat',
      '/instructor-doc',
      '/webinar-chatquestions/7',
    ]) {
      expect(sidebarShown(path), path).toBe(false);
    }
  });

  it('is shown elsewhere', () => {
    for (const path of ['/main', '/plan', '/test', '/webinars', '/webinar-view/3', '/webinar-main', '/testing/5']) {
      expect(sidebarShown(path), path).toBe(true);
    }
  });
});
