import { useId } from 'react';

export interface Bar {
  label: string;
  passed: number;
  total: number;
}

const ROW = 40;
const LABEL_CHARS = 34;

/**
 * A horizontal bar per item (labels are unique: they name departments): its share passed over a track of its total, the label and "passed / total
 * (percent)" written out. Drawn in SVG at the width of its box (bar widths are percentages), so it
 * shrinks on a phone without shrinking its text; a long list scrolls within its own box. Screen
 * readers get the title and every bar in words.
 */
export function BarChart({
  title,
  bars,
  colour,
  describe,
}: {
  title: string;
  bars: Bar[];
  colour: string;
  describe: (bar: Bar) => string;
}) {
  const titleId = useId();
  const descId = useId();
  const height = bars.length * ROW;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus for the keyboard to scroll it
    <section className="oqu-bar-chart" aria-label={title} tabIndex={0}>
      <svg width="100%" height={height} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{bars.map(describe).join('; ')}</desc>
        {bars.map((bar, i) => {
          const share = bar.total === 0 ? 0 : (bar.passed / bar.total) * 100;
          const y = i * ROW;
          const label = bar.label.length > LABEL_CHARS ? `${bar.label.slice(0, LABEL_CHARS - 1)}…` : bar.label;
          return (
            <g key={bar.label}>
              <text x="0" y={y + 14} className="oqu-bar-label">
                {label}
              </text>
              <text x="100%" y={y + 14} textAnchor="end" className="oqu-bar-value">
                {`${bar.passed} / ${bar.total} (${Math.round(share)} %)`}
              </text>
              <rect x="0" y={y + 20} width="100%" height="12" rx="3" className="oqu-bar-track" />
              {share > 0 && <rect x="0" y={y + 20} width={`${share}%`} height="12" rx="3" fill={colour} />}
            </g>
          );
        })}
      </svg>
    </section>
  );
}
