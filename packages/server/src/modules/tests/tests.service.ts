import type { AuditService } from '../audit/audit.service.js';
import type { TestsRepository } from './tests.repository.js';

export class TestsService {
  constructor(
    private readonly repository: TestsRepository,
    private readonly audit: AuditService,
  ) {}
}
