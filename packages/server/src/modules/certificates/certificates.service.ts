import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CertificatesRepository } from './certificates.repository.js';

export class CertificatesService {
  constructor(
    private readonly repository: CertificatesRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
  ) {}
}
