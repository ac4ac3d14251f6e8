/** A colour as red, green, blue (0–255) and alpha (0–1). */
type Rgba = [number, number, number, number];

/** A colour written as CSS writes it: `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` (as `getComputedStyle` gives it). */
export function parseColor(css: string): Rgba {
  const hex = css.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)).concat(1) as Rgba;
  }
  const parts = css
    .match(/^rgba?\(([^)]*)\)$/)?.[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN)) throw new Error(`not a colour: ${css}`);
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

/** WCAG 2's relative luminance of an opaque colour. */
function luminance([r, g, b]: Rgba): number {
  const [R, G, B] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/**
 * WCAG 2's contrast ratio (1 to 21) of a colour on an opaque background; a translucent colour (antd's
 * `rgba(0, 0, 0, 0.6)` texts) is first laid over the background, as the screen shows it.
 */
export function contrastRatio(foreground: string, background: string): number {
  const back = parseColor(background);
  const [r, g, b, alpha] = parseColor(foreground);
  const shown: Rgba = [r * alpha + back[0] * (1 - alpha), g * alpha + back[1] * (1 - alpha), b * alpha + back[2] * (1 - alpha), 1];
  const [lighter, darker] = [luminance(shown), luminance(back)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}
