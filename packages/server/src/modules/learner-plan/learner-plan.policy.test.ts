import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { learnerPlanAccess } from './learner-plan.policy.js';

describe('learner plan policy', () => {
  it('keeps the plan screens to trainees', () => {
    expectAdmits(learnerPlanAccess.learner, {
      signedOut: false,
      admin: false,
      examiner: false,
      trainee: true,
      teacher: false,
      region: false,
    });
  });
});
