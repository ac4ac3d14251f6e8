import type { AuditService } from '../audit/audit.service.js';
import type { RetakesRepository } from './retakes.repository.js';

export class RetakesService {
  constructor(
    private readonly repository: RetakesRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * The trainee's next unused retake of a test, if any: it opens a new attempt from `availableFrom`
   * (the testing engine links the attempt to it), and until then the test reads 'Пересдача'.
   */
  async pendingRetake(userId: number, testId: number): Promise<{ id: number; availableFrom: Date } | null> {
    const row = await this.repository.pendingRetake(userId, testId);
    return row ? { id: row.id, availableFrom: new Date(row.available_from) } : null;
  }
}
