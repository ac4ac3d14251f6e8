import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3190);

// Debian's Chromium, never a downloaded browser (downloads fail here and in CI).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DESK = { viewport: { width: 1366, height: 850 } };

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // a page can stall for seconds while the other worker's browser and the server share the 2 cores:
  // waits are for states, so a longer limit costs nothing when things go well
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // two spec files at a time, each test of a file in order: they share the demo data, and each makes
  // its own records; two workers halve the run (much of a spec waits on real time: an exam's start,
  // a test's minute) on two cores
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    // a failed test keeps its trace (DOM snapshots, network, console) but not the screencast: recording
    // a frame at every change cost the two browsers enough CPU to stall pages for seconds on 2 cores.
    // Under CI nothing reads a trace (only the printed output is kept), and recording one snapshots the
    // DOM at every step of every test, failed or not: there it is off, and its CPU goes to the tests.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: 'ncalayer.spec.ts', use: DESK },
    // NCALayer's stand-in listens where the server sends every browser: while it runs, the other specs'
    // pages would find "NCALayer" too, so its spec runs alone, after them
    { name: 'ncalayer', testMatch: 'ncalayer.spec.ts', dependencies: ['desktop'], use: DESK },
  ],
});
