/**
 * The server's clock minus this browser's, in ms, from the `Now` a room's answer carries and the
 * moment it arrived: countdowns run on the server's time, whatever the browser's clock says.
 */
export function clockOffset(serverNow: string | undefined, receivedAt: number): number {
  const server = serverNow ? Date.parse(serverNow) : Number.NaN;
  return Number.isFinite(server) && receivedAt > 0 ? server - receivedAt : 0;
}

/** Whole seconds from `from` to `to` (ms); negative when `to` has passed. */
export function secondsBetween(from: number, to: number): number {
  return Math.floor((to - from) / 1000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A span of time as HH:MM:SS, with whole days apart ("2 д 03:04:05" through `dayLabel`), or '-'
 * when it is negative or unknown (admin-back-office.md §4: elapsed and remaining show '-' then).
 */
export function formatSpan(seconds: number | null | undefined, dayLabel: (days: number) => string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '-';
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86_400);
  const rest = whole % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${dayLabel(days)} ${clock}` : clock;
}
