import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page has loaded: a title shown, no skeleton or spinner left in the content. The
 * page looks for that itself on every frame, so the wait ends as the page gets there: expectations
 * poll at growing pauses (up to half a second), which over a walk of hundreds of pages adds minutes.
 */
export async function settle(page: Page) {
  const loaded = await page
    .waitForFunction(
      () => {
        const title = document.querySelector('h1');
        if (!title?.checkVisibility({ visibilityProperty: true })) return false;
        const box = title.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !document.querySelector('#main .ant-skeleton, #main .ant-spin-spinning');
      },
      undefined,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (loaded) return;
  // it never got there (or the page moved on meanwhile): the expectations say what is missing
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('#main .ant-skeleton, #main .ant-spin-spinning')).toHaveCount(0);
}
