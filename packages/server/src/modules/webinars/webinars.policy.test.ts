import { describe, it } from 'vitest';
import { OTHER_TEACHER } from '../../test/callers.js';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
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

/** The caller's own webinar (they are its teacher) and another teacher's. */
const own = (user: { id: number }) => ({ teacher_id: user.id, plan_id: 7 });
const othersWebinar = { teacher_id: OTHER_TEACHER.id, plan_id: 7 };

describe('webinars policy', () => {
  it('lets an administrator or the webinar’s own teacher run its room, nobody else', () => {
    expectEveryRole((user) => runsWebinar(user, own(user)), { admin: true, examiner: false, trainee: false, teacher: true, region: false });
    expectEveryRole((user) => runsWebinar(user, othersWebinar), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
  });

  it('lets examiners edit any webinar besides those who run it', () => {
    expectEveryRole((user) => editsWebinar(user, own(user)), { admin: true, examiner: true, trainee: false, teacher: true, region: false });
    expectEveryRole((user) => editsWebinar(user, othersWebinar), {
      admin: true,
      examiner: true,
      trainee: false,
      teacher: false,
      region: false,
    });
  });

  it('seats a trainee of the webinar’s plan only', () => {
    const seated = (viewer_plan_id: number | null) => (user: Parameters<typeof attendsWebinar>[0]) =>
      attendsWebinar(user, { ...othersWebinar, viewer_plan_id });
    expectEveryRole(seated(7), { admin: false, examiner: false, trainee: true, teacher: false, region: false });
    expectEveryRole(seated(8), { admin: false, examiner: false, trainee: false, teacher: false, region: false });
    expectEveryRole(seated(null), { admin: false, examiner: false, trainee: false, teacher: false, region: false });
  });

  it('has examiners read without a room, and everyone but trainees see the staff side', () => {
    expectEveryRole(readsWithoutRoom, { admin: false, examiner: true, trainee: false, teacher: false, region: false });
    expectEveryRole(isWebinarStaff, { admin: true, examiner: true, trainee: false, teacher: true, region: true });
  });

  it('lets a teacher schedule only themselves, and tells them a webinar is not theirs', () => {
    expectEveryRole((user) => maySchedule(user, user.id), { admin: true, examiner: true, trainee: true, teacher: true, region: true });
    expectEveryRole((user) => maySchedule(user, OTHER_TEACHER.id), {
      admin: true,
      examiner: true,
      trainee: true,
      teacher: false,
      region: true,
    });
    expectEveryRole(notOwnRefusal, {
      admin: 'forbidden',
      examiner: 'forbidden',
      trainee: 'forbidden',
      teacher: 'webinar_not_own',
      region: 'forbidden',
    });
  });

  it('admits each group of routes the roles the spec gives it', () => {
    // webinar creation: admin, teacher, examiner
    expectAdmits(webinarsAccess.manage, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
    expectAdmits(webinarsAccess.runners, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: true, region: false });
    expectAdmits(webinarsAccess.learner, { signedOut: false, admin: false, examiner: false, trainee: true, teacher: false, region: false });
    expectAdmits(webinarsAccess.roomReaders, {
      signedOut: false,
      admin: true,
      examiner: true,
      trainee: true,
      teacher: true,
      region: false,
    });
    expectAdmits(webinarsAccess.roomRunners, {
      signedOut: false,
      admin: true,
      examiner: false,
      trainee: false,
      teacher: true,
      region: false,
    });
  });
});
