import type { AuditService } from '../audit/audit.service.js';
import type { PlansRepository } from './plans.repository.js';

export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly audit: AuditService,
  ) {}
}
