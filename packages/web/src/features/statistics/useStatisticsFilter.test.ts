import { describe, expect, it } from 'vitest';
import { readStatisticsFilter } from './useStatisticsFilter';

describe('the statistics filter in the URL', () => {
  it('reads a plan and a range of days', () => {
    expect(readStatisticsFilter(new URLSearchParams('plan=3&from=2026-11-01&to=2026-11-25'))).toEqual({
      plan: 3,
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });

  it('leaves out what the server would refuse', () => {
    expect(readStatisticsFilter(new URLSearchParams('plan=x&from=1.11.2026&to=2026-11-25'))).toEqual({ to: '2026-11-25' });
    expect(readStatisticsFilter(new URLSearchParams('plan=-1&from=2026-11-25&to=2026-11-01'))).toEqual({ from: '2026-11-25' });
  });
});
