import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { learnerPlanAccess } from './learner-plan.policy.js';

describe('learner plan policy', () => {
  it('keeps the plan screens to trainees', () => {
    expect(learnerPlanAccess.learner.access.roles).toEqual([Role.Trainee]);
  });
});
