import { describe, it } from 'vitest';
import { expectAdmits, TRAINEES_ONLY } from '../../test/roles.js';
import { learnerPlanAccess } from './learner-plan.policy.js';

describe('learner plan policy', () => {
  it('keeps the plan screens to trainees', () => {
    expectAdmits(learnerPlanAccess.learner, TRAINEES_ONLY);
  });
});
