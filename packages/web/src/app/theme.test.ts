import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { BACKGROUNDS, BRAND, BRAND_DARK, FOCUS, MUTED_TEXT, theme } from './theme';

/** The custom properties of styles.css's `:root`. */
const cssVariables = new Map(
  [...readFileSync(new URL('../styles.css', import.meta.url), 'utf8').matchAll(/^\s*(--oqu-[\w-]+):\s*([^;]+);/gm)].map(
    ([, name, value]) => [name, value.trim()],
  ),
);

describe('contrastRatio', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    // antd's own focus outline for the brand colour, as the report measured it
    expect(contrastRatio('rgb(104, 169, 179)', 'rgb(255, 255, 255)')).toBeCloseTo(2.65, 1);
    // a translucent colour is laid over the background first
    expect(contrastRatio('rgba(0, 0, 0, 0.25)', '#fff')).toBeCloseTo(contrastRatio('#bfbfbf', '#fff'), 1);
  });
});

describe('theme', () => {
  it('draws the focus outline at 3:1 or more on every background of the app', () => {
    expect(theme.token?.colorPrimaryBorder).toBe(FOCUS);
    for (const [name, background] of Object.entries(BACKGROUNDS)) {
      expect(contrastRatio(FOCUS, background), name).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws the app’s own outlines (styles.css) in the same colour, and white ones on the brand', () => {
    expect(cssVariables.get('--oqu-focus')).toBe(FOCUS);
    expect(cssVariables.get('--oqu-bg')).toBe(BACKGROUNDS.layout);
    expect(cssVariables.get('--oqu-brand-soft')).toBe(BACKGROUNDS.menuSelected);
    const inverse = cssVariables.get('--oqu-focus-inverse') ?? '';
    // the sign-in page's gradient runs from the dark brand through the brand to this lighter teal
    for (const background of [BRAND_DARK, BRAND, '#138a9e'])
      expect(contrastRatio(inverse, background), background).toBeGreaterThanOrEqual(3);
  });

  it('keeps secondary and placeholder texts at 4.5:1 on white and on the layout grey', () => {
    const { colorTextSecondary, colorTextTertiary, colorTextDescription, colorTextPlaceholder } = theme.token ?? {};
    const texts = { colorTextSecondary, colorTextTertiary, colorTextDescription, colorTextPlaceholder, MUTED_TEXT };
    for (const [name, text] of Object.entries(texts)) {
      for (const background of [BACKGROUNDS.container, BACKGROUNDS.layout]) {
        expect(contrastRatio(text ?? '', background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(theme.components?.DatePicker?.colorTextDisabled).toBe(MUTED_TEXT);
  });
});
