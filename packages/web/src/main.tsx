import './i18n';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';
import { setOrgTimeZone } from './lib/dates';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
