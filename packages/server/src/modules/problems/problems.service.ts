import type { answerDocument } from '@oqu/contracts';
import type { z } from 'zod';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import type { Upload } from '../files/files.service.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import type { ProblemsRepository } from './problems.repository.js';

/** Learners' question threads about a webinar and the teacher's answers (with files). */
export class ProblemsService {
  constructor(
    private readonly repository: ProblemsRepository,
    private readonly webinars: WebinarsService,
    private readonly storage: Storage,
    private readonly audit: AuditService,
  ) {}

  /** Attaches a file to an answer (its author only); answers the answer's documents. */
  async addAnswerDocument(_user: AuthUser, _answerId: number, _file: Upload): Promise<z.infer<typeof answerDocument>[]> {
    throw new Error('not built yet');
  }
}
