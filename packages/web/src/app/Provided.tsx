import type { ReactNode } from 'react';
import { setOrgTimeZone } from '../lib/dates';
import { AppProviders } from './AppProviders';

/** The organisation's time zone, before any date is shown; the default stays if the server is not reached. */
async function loadSettings() {
  try {
    const response = await fetch('/api/settings', { headers: { Accept: 'application/json' } });
    const body = (await response.json()) as { data?: { TimeZone?: string } };
    if (body.data?.TimeZone) setOrgTimeZone(body.data.TimeZone);
  } catch {
    // offline start: dates use the default zone
  }
}

await loadSettings();

/**
 * Every screen but sign-in runs under antd's theme and locale, the query cache and the
 * organisation's time zone. They come as a chunk of their own, so that the sign-in page, the first
 * screen anyone sees, loads without them.
 */
export default function Provided({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}
