import { certificateLayout, DEFAULT_CERTIFICATE_LAYOUT } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { inputsToLayout, layoutToInputs } from './layout';

describe('certificate layout inputs', () => {
  it('show positions and the QR side in percent, font sizes in points', () => {
    const inputs = layoutToInputs(DEFAULT_CERTIFICATE_LAYOUT);
    expect(inputs.Fullname).toEqual({ X: 12, Y: 38, Size: 26 });
    expect(inputs.QR).toEqual({ X: 74, Y: 60, Size: 16 });
  });

  it('round-trip to the same layout, which the contract accepts', () => {
    const layout = inputsToLayout(layoutToInputs(DEFAULT_CERTIFICATE_LAYOUT));
    expect(layout).toEqual(DEFAULT_CERTIFICATE_LAYOUT);
    expect(certificateLayout.safeParse(layout).success).toBe(true);
  });

  it('keep one decimal of a percent, without float noise', () => {
    const inputs = layoutToInputs(DEFAULT_CERTIFICATE_LAYOUT);
    const layout = inputsToLayout({ ...inputs, Date: { X: 33.33, Y: 7, Size: 11 } });
    expect(layout.Date).toEqual({ X: 0.333, Y: 0.07, Size: 11 });
    expect(layoutToInputs({ ...DEFAULT_CERTIFICATE_LAYOUT, Plan: { X: 0.1 + 0.2, Y: 0.5, Size: 16 } }).Plan.X).toBe(30);
  });
});
