import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { statisticsAccess } from './statistics.policy.js';

describe('statistics policy', () => {
  it('lets administrators read the statistics and make both reports', () => {
    expectAdmits(statisticsAccess.statistics, {
      signedOut: false,
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectAdmits(statisticsAccess.teacherReport, {
      signedOut: false,
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
  });

  it('serves a made report to whoever holds its address, signed in or not', () => {
    expectAdmits(statisticsAccess.file, { signedOut: true, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });
});
