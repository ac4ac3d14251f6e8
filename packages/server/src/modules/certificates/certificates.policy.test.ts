import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { certificatesAccess } from './certificates.policy.js';

describe('certificates policy', () => {
  it('keeps the certificates screen to administrators', () => {
    expect(certificatesAccess.manage.access).toEqual({ roles: [Role.Admin], section: 'certificates' });
  });
});
