import { describe, expect, it } from 'vitest';
import { figuresOf, percentOf } from './figures';

describe('statistics figures', () => {
  it('rounds the percentage and reads 0 of 0 as 0 %', () => {
    expect(percentOf({ Passed: 1, Total: 3 })).toBe(33);
    expect(percentOf({ Passed: 2, Total: 3 })).toBe(67);
    expect(percentOf({ Passed: 0, Total: 0 })).toBe(0);
  });

  it('orders the rows course, test, certificate with their departments', () => {
    const status = { Passed: 1, Total: 2 };
    const figures = figuresOf({
      TotalCourse: status,
      TotalTest: { Passed: 3, Total: 4 },
      TotalCertificate: { Passed: 0, Total: 1 },
      AttendanceCourse: [{ Name: 'Цех', Status: status }],
      AttendanceTest: [],
      GetCerificate: [],
    });
    expect(figures.map((f) => [f.key, f.total.Passed, f.departments.length])).toEqual([
      ['course', 1, 1],
      ['test', 3, 0],
      ['certificate', 0, 0],
    ]);
  });
});
