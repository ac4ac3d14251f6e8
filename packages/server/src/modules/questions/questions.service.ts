import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { QuestionsRepository } from './questions.repository.js';

export class QuestionsService {
  constructor(
    private readonly repository: QuestionsRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
  ) {}
}
