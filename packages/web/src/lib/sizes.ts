/** Units as the caller's translation gives them, e.g. `t('units.kb')`. */
export interface SizeUnits {
  kb: string;
  mb: string;
}

/**
 * A file size in kilobytes below 1000 kB and in megabytes above (learner-and-instructor.md §9),
 * with decimal units as the upload limits use (1 MB = 1,000,000 bytes).
 */
export function formatSize(bytes: number, units: SizeUnits, locale = 'ru'): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const kb = safe / 1000;
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (kb < 1000) return `${number(kb)} ${units.kb}`;
  return `${number(kb / 1000)} ${units.mb}`;
}
