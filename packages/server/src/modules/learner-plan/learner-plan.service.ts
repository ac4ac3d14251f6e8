import type { LearnerPlanRepository } from './learner-plan.repository.js';

export class LearnerPlanService {
  constructor(private readonly repository: LearnerPlanRepository) {}
}
