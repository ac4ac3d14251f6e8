import { expect, type Page } from '@playwright/test';

/** Waits until the page has loaded: a title shown, no skeleton or spinner left in the content. */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('#main .ant-skeleton, #main .ant-spin-spinning')).toHaveCount(0);
}
