import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXAMINER, OTHER_TEACHER, REGION, TEACHER, TRAINEE } from '../../test/callers.js';
import {
  attendsWebinar,
  editsWebinar,
  isWebinarStaff,
  maySchedule,
  notOwnRefusal,
  readsWithoutRoom,
  runsWebinar,
  webinarsAccess,
} from './webinars.policy.js';

const webinar = { teacher_id: TEACHER.id, plan_id: 7 };

describe('webinars policy', () => {
  it('lets an administrator or the webinar’s own teacher run its room, nobody else', () => {
    expect([ADMIN, TEACHER, OTHER_TEACHER, EXAMINER, TRAINEE, REGION].map((u) => runsWebinar(u, webinar))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets examiners edit any webinar besides those who run it', () => {
    expect([ADMIN, TEACHER, OTHER_TEACHER, EXAMINER, TRAINEE].map((u) => editsWebinar(u, webinar))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('seats a trainee of the webinar’s plan only', () => {
    expect(attendsWebinar(TRAINEE, { ...webinar, viewer_plan_id: 7 })).toBe(true);
    expect(attendsWebinar(TRAINEE, { ...webinar, viewer_plan_id: 8 })).toBe(false);
    expect(attendsWebinar(TRAINEE, { ...webinar, viewer_plan_id: null })).toBe(false);
    expect(attendsWebinar(TEACHER, { ...webinar, viewer_plan_id: 7 })).toBe(false);
  });

  it('has examiners read without a room, and everyone but trainees see the staff side', () => {
    expect([ADMIN, EXAMINER, TEACHER, TRAINEE].map(readsWithoutRoom)).toEqual([false, true, false, false]);
    expect([ADMIN, EXAMINER, TEACHER, TRAINEE].map(isWebinarStaff)).toEqual([true, true, true, false]);
  });

  it('lets a teacher schedule only themselves, and tells them a webinar is not theirs', () => {
    expect(maySchedule(TEACHER, TEACHER.id)).toBe(true);
    expect(maySchedule(TEACHER, OTHER_TEACHER.id)).toBe(false);
    expect(maySchedule(ADMIN, OTHER_TEACHER.id)).toBe(true);
    expect(maySchedule(EXAMINER, TEACHER.id)).toBe(true);
    expect(notOwnRefusal(TEACHER)).toBe('webinar_not_own');
    expect(notOwnRefusal(EXAMINER)).toBe('forbidden');
  });

  it('declares the roles of each group of routes', () => {
    expect(webinarsAccess.roomRunners.access.roles).toEqual([Role.Admin, Role.Teacher]);
    expect(webinarsAccess.roomReaders.access.roles).not.toContain(Role.Region);
    expect(webinarsAccess.manage.access.roles).toEqual([Role.Admin, Role.Teacher, Role.Examiner]);
    expect(webinarsAccess.learner.access.roles).toEqual([Role.Trainee]);
  });
});
