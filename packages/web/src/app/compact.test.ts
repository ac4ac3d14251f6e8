import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { compactCounterpart, sidebarShown } from './compact';
import { COMPACT_ROUTES, LEARNER_ROUTES } from './routes';

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

describe('compact counterparts of the learner pages', () => {
  it('keep the record the page shows', () => {
    expect(compactCounterpart('/user/main')).toBe('/main');
    expect(compactCounterpart('/user/plan-education')).toBe('/plan');
    expect(compactCounterpart('/user/tests')).toBe('/test');
    expect(compactCounterpart('/user/testing/12')).toBe('/testing/12');
    expect(compactCounterpart('/user/chat-webinar-messages/3')).toBe('/webinar-chatquestions/3');
    expect(compactCounterpart('/user/scorm-package')).toBe('/scorm-package');
    expect(compactCounterpart('/user/scorm-package-iframe/9')).toBe('/scorm-package-iframe/9');
  });

  it('lead a page that needs an id and has none to its list', () => {
    expect(compactCounterpart('/user/scorm-package-iframe')).toBe('/scorm-package');
    expect(compactCounterpart('/user/scorm-package-iframe/')).toBe('/scorm-package');
  });

  it('are none for pages without one and outside /user', () => {
    for (const path of ['/user/vr', '/user', '/admin/users', '/main']) {
      expect(compactCounterpart(path), path).toBeNull();
    }
  });

  it('are compact routes open to trainees', () => {
    const traineePatterns = COMPACT_ROUTES.filter((route) => !route.roles || route.roles.includes(Role.Trainee)).map(
      (route) => new RegExp(`^/${route.path.replace(/:\w+/g, '[^/]+')}$`),
    );
    for (const { path } of LEARNER_ROUTES) {
      const compact = compactCounterpart(`/user/${path.replace(/:\w+/g, '7')}`);
      if (compact)
        expect(
          traineePatterns.some((pattern) => pattern.test(compact)),
          `${path} → ${compact}`,
        ).toBe(true);
    }
  });
});
