import os from 'node:os';
import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config.js';

/** An IPv4 address of this machine other than loopback; none is a broken test machine, never a skip. */
function lanAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal);
  if (!found)
    throw new Error('This machine has no non-loopback IPv4 address, so the app cannot be opened the way a colleague on the LAN would');
  return found.address;
}

// Browsers treat 127.0.0.1 as secure, so HTTPS-only headers do no harm there; on a LAN address over
// plain HTTP they make the browser fetch every script over HTTPS and the page stays blank.
test('the app opened by a LAN address over plain HTTP shows the sign-in form', async ({ page }) => {
  const failedAssets: string[] = [];
  page.on('requestfailed', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) failedAssets.push(request.url());
  });
  await page.goto(`http://${lanAddress()}:${PORT}/`);
  await expect(page.getByLabel('ИИН или табельный номер')).toBeVisible();
  await expect(page.getByLabel('Пароль', { exact: true })).toBeVisible();
  expect(failedAssets).toEqual([]);
});
