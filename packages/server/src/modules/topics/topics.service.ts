import type { AuditService } from '../audit/audit.service.js';
import type { TopicsRepository } from './topics.repository.js';

export class TopicsService {
  constructor(
    private readonly repository: TopicsRepository,
    private readonly audit: AuditService,
  ) {}
}
