import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { questionsAccess } from './questions.policy.js';

describe('questions policy', () => {
  it('lets administrators, teachers and examiners manage questions; never trainees', () => {
    expectAdmits(questionsAccess.manage, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
  });
});
