import { Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { statisticsAccess } from './statistics.policy.js';

describe('statistics policy', () => {
  it('lets administrators read the statistics and make both reports', () => {
    expect(statisticsAccess.statistics.access).toEqual({ roles: [Role.Admin], section: 'statistics' });
    expect(statisticsAccess.teacherReport.access).toEqual({ roles: [Role.Admin], section: 'conductingWebinar' });
  });

  it('serves a made report to whoever holds its address', () => {
    expect(statisticsAccess.file.access).toEqual({ public: true });
  });
});
