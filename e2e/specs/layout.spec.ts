import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts.js';
import { settle } from '../support/settle.js';

/**
 * A trainee's full-layout page on a phone opens its compact counterpart in its place. Every list
 * screen of every role (support/list-screens.ts) is checked by the route walk on its visit of that
 * page (route-walk.spec.ts), which opens each page once per size.
 */

test.describe('a trainee on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('a full-layout page opens its compact counterpart in its place: Back and reload keep working', async ({ page }) => {
    await signInAs(page, 'trainee');
    await expect(page).toHaveURL('/main');
    await page.goto('/user/tests');
    await expect(page).toHaveURL('/test');
    await settle(page);
    await page.reload();
    await expect(page).toHaveURL('/test');
    await settle(page);
    // /user/tests took no place in the history: Back returns to the page before it
    await page.goBack();
    await expect(page).toHaveURL('/main');
    await page.goto('/user/plan-education?from=link');
    await expect(page).toHaveURL('/plan?from=link');
  });
});
