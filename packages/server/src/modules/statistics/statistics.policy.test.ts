import { describe, it } from 'vitest';
import { ADMINISTRATORS_ONLY, expectAdmits } from '../../test/roles.js';
import { statisticsAccess } from './statistics.policy.js';

describe('statistics policy', () => {
  it('lets administrators read the statistics and make both reports', () => {
    expectAdmits(statisticsAccess.statistics, ADMINISTRATORS_ONLY);
    expectAdmits(statisticsAccess.teacherReport, ADMINISTRATORS_ONLY);
  });

  it('serves a made report to whoever holds its address, signed in or not', () => {
    expectAdmits(statisticsAccess.file, { signedOut: true, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });
});
