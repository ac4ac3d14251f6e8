import { canUse, Role, SECTIONS, type SectionKey } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_LANDING, landingPath } from './landing';

describe('landingPath', () => {
  it('sends each role to its page on wide screens', () => {
    expect(landingPath(Role.Admin, false)).toBe('/admin/users');
    expect(landingPath(Role.Examiner, false)).toBe('/admin/report-card');
    expect(landingPath(Role.Teacher, false)).toBe('/admin/webinar');
    expect(landingPath(Role.Region, false)).toBe('/admin/audience');
    expect(landingPath(Role.Trainee, false)).toBe('/user/main');
  });

  it('sends each role to its compact home on narrow screens', () => {
    expect(landingPath(Role.Admin, true)).toBe('/webinar-main');
    expect(landingPath(Role.Examiner, true)).toBe('/report-card');
    expect(landingPath(Role.Teacher, true)).toBe('/webinar-main');
    expect(landingPath(Role.Trainee, true)).toBe('/main');
    expect(landingPath(Role.Region, true)).toBe('/admin/audience');
  });

  it('lands every admin-area role on a section it may use', () => {
    for (const [role, path] of Object.entries(ADMIN_LANDING)) {
      const section = (Object.keys(SECTIONS) as SectionKey[]).find((key) => SECTIONS[key].path === path);
      expect(section, path).toBeDefined();
      expect(canUse(section as SectionKey, Number(role) as never)).toBe(true);
    }
  });
});
