import { describe, expect, it } from 'vitest';
import { examPathsFor } from './paths';

describe('the examiner’s links', () => {
  it('stay in the layout they are shown in', () => {
    expect(examPathsFor('/admin/exam-results/4').sign(4)).toBe('/admin/eds-authorization?exam=4');
    expect(examPathsFor('/admin/report-card').results(4)).toBe('/admin/exam-results/4');
    expect(examPathsFor('/exam-results/4').sign(4)).toBe('/eds-authorization?exam=4');
    expect(examPathsFor('/report-card').conduct(4)).toBe('/exam-for-examiner/4');
    expect(examPathsFor('/exam-for-examiner/4').reportCard).toBe('/report-card');
  });
});
