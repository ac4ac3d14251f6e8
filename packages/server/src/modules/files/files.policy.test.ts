import { describe, it } from 'vitest';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import { filesAccess, setsPersonPhoto, setsQuestionImage, uploadsTo } from './files.policy.js';

describe('files policy', () => {
  it('admits to each /uploadF target only the roles that use it', () => {
    // a webinar's preview: whoever may edit a webinar
    expectEveryRole((user) => uploadsTo('preview', user.roleId), {
      admin: true,
      examiner: true,
      trainee: false,
      teacher: true,
      region: false,
    });
    // a room's documents: whoever runs a room
    expectEveryRole((user) => uploadsTo('document', user.roleId), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: true,
      region: false,
    });
    // an answer's files: the two parties of a question thread
    expectEveryRole((user) => uploadsTo('answer', user.roleId), {
      admin: false,
      examiner: false,
      trainee: true,
      teacher: true,
      region: false,
    });
    expectEveryRole((user) => uploadsTo('certificate', user.roleId), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectAdmits(filesAccess.documents, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });

  it('lets the image route in for people or questions and then checks the one the upload names', () => {
    expectEveryRole((user) => setsPersonPhoto(user.roleId), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectEveryRole((user) => setsQuestionImage(user.roleId), {
      admin: true,
      examiner: true,
      trainee: false,
      teacher: true,
      region: false,
    });
    expectAdmits(filesAccess.images, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
    expectAdmits(filesAccess.people, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
  });

  it('serves stored files to anyone holding their key', () => {
    expectAdmits(filesAccess.stored, { signedOut: true, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });
});
