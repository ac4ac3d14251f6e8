// How the viewer scenarios measure and print: percentiles, units, the machine's load.
import os from 'node:os';

/** The p-th percentile of the values (nearest rank). */
export const pct = (values, p) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
export const ms = (v) => `${v.toFixed(1)} ms`;
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
export const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
/** The load averages over 1, 5 and 15 minutes: how busy the shared machine was. */
export const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
