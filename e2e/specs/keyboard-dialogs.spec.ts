import { expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio } from '../../packages/web/src/lib/contrast.js';
import { signInByApi } from '../support/accounts.js';
import { expectWcagClean } from '../support/axe.js';
import { settle } from '../support/settle.js';

/**
 * What axe cannot see on a page at rest: WCAG 2.2 AA with popups and dialogs open (a select, a date
 * picker, the header's user menu, a form dialog, a delete's confirmation, the compact menu drawer),
 * the focus indicator of every Tab stop at 3:1 on what it is drawn over, and the smaller things:
 * icons keep their names out of their controls', antd's number steps speak the page's language, the
 * password toggle is a 24 px target, records keep their own language in another interface.
 */

interface Indicator {
  /** the focused element, as a failure names it */
  name: string;
  /** the outline's colour, or the ring's (a text field's box-shadow); null when there is neither */
  colour: string | null;
  /** the first opaque background beneath it */
  background: string;
}

/** The focused element's focus indicator: its outline, or the ring antd draws around a text field. */
function focusIndicator(page: Page): Promise<Indicator> {
  return page.evaluate(async () => {
    const focused = document.activeElement as HTMLElement;
    // a field's indicator is on antd's box around the input; the language switch's on its option
    const box =
      focused.closest<HTMLElement>('.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select, .oqu-segmented-option') ??
      focused;
    // a ring fades in: read it once there
    await Promise.all(box.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(box);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2 ? style.outlineColor : null;
    const ring = style.boxShadow.match(/^rgba?\([^)]*\) 0px 0px 0px [1-9]/)?.[0].replace(/ 0px.*/, '') ?? null;
    const opaque = (colour: string) => !/^rgba\(.*, (0|0?\.\d+)\)$/.test(colour) && colour !== 'transparent';
    let under = box.parentElement;
    while (under && !opaque(getComputedStyle(under).backgroundColor)) under = under.parentElement;
    const name = focused.getAttribute('aria-label') || focused.textContent?.trim() || focused.outerHTML;
    return {
      name: name.slice(0, 60),
      colour: outline ?? ring,
      background: under ? getComputedStyle(under).backgroundColor : 'rgb(255, 255, 255)',
    };
  });
}

/**
 * Tabs through the page from `from` (the top of the page, or the skip link's target: the content),
 * `stops` times or until focus leaves the page: each stop shows a focus indicator of 3:1 or more.
 */
async function expectVisibleFocusOnEachTabStop(page: Page, from: 'top' | 'content', stops: number) {
  if (from === 'content') await page.locator('#main').focus();
  // focus on the body: Tab starts from the top of the page
  else
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
  const weak: string[] = [];
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) break;
    const { name, colour, background } = await focusIndicator(page);
    const ratio = colour ? contrastRatio(colour, background) : 0;
    if (ratio < 3) weak.push(`${name}: ${colour ?? 'no indicator'} on ${background} (${ratio.toFixed(2)}:1)`);
  }
  expect(weak).toEqual([]);
}

/** Opens a popup, checks the page with it open, and closes it (with Escape, unless `close` says otherwise). */
async function expectCleanWhileOpen(
  page: Page,
  what: string,
  popup: Locator,
  open: () => Promise<unknown>,
  close: () => Promise<unknown> = () => page.keyboard.press('Escape'),
) {
  await open();
  await expect(popup).toBeVisible();
  await expectWcagClean(page, what);
  await close();
  await expect(popup).toBeHidden();
}

test('the users list: focus shown at every stop, no live table; the user menu and the password dialog pass axe open', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/admin/users');
  await settle(page);
  await expectWcagClean(page, 'the users list');
  // the skip link, the header, the menu, the search, the rows' details and actions, the pages
  await expectVisibleFocusOnEachTabStop(page, 'top', 80);
  // antd's loading wrapper made the whole table a live region, read out again at each load
  await expect(page.getByTestId(/^user-row-/).first()).toBeVisible();
  await expect(page.locator(':is([aria-live="polite"], [aria-live="assertive"]):has(table)')).toHaveCount(0);

  // an icon's name ("team", "lock") is no part of its link's or item's name
  await expect(page.getByRole('link', { name: 'Пользователи', exact: true }).first()).toBeVisible();
  const userButton = page.locator('.oqu-user-button');
  const userMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Сменить пароль', exact: true }) });
  await expectCleanWhileOpen(page, 'the user menu open', userMenu, () => userButton.click());

  await userButton.click();
  await page.getByRole('menuitem', { name: 'Сменить пароль', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Сменить пароль' });
  await expect(dialog).toBeVisible();
  await expectWcagClean(page, 'the change-password dialog open');
  // antd's show-password toggle was a 14 px square (measured once the dialog has zoomed in: axe waits for it)
  const toggles = dialog.getByRole('button', { name: 'Показать' });
  await expect(toggles).toHaveCount(3);
  for (const toggle of await toggles.all()) {
    const box = await toggle.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
  }
});

test('the webinar form: focus shown on every field; a select and the date picker pass axe open; number steps speak Russian', async ({
  page,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/admin/create-webinar');
  await settle(page);
  await expectWcagClean(page, 'the webinar form');
  await expectVisibleFocusOnEachTabStop(page, 'content', 30);

  const steps = page.locator('.ant-input-number-action-up, .ant-input-number-action-down');
  await expect(steps.first()).toBeAttached();
  for (const step of await steps.all()) await expect(step).toHaveAttribute('aria-label', /^(Увеличить|Уменьшить)$/);

  // a chosen value dims while the select is open to replace it: it stays readable (it was 1.69:1)
  const plan = page.getByRole('combobox', { name: 'План обучения', exact: true });
  const plans = page.locator('.ant-select-dropdown').filter({ visible: true });
  await plan.click();
  await expect(plans.locator('.ant-select-item-option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(plans).toBeHidden();
  await expectCleanWhileOpen(page, 'a select open over its value', plans, () => plan.press('ArrowDown'));

  // the days of the months around stay readable (they were 1.83:1)
  const calendar = page.locator('.ant-picker-dropdown').filter({ visible: true });
  await expectCleanWhileOpen(page, 'the date picker open', calendar, () => page.getByLabel('Дата', { exact: true }).click());
});

test('a delete’s confirmation passes axe open', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/admin/tests');
  await settle(page);
  const confirmation = page.locator('.ant-popconfirm').filter({ visible: true });
  await expectCleanWhileOpen(
    page,
    'a delete’s confirmation open',
    confirmation,
    () =>
      page
        .getByRole('button', { name: /^Удалить/ })
        .first()
        .click(),
    () => confirmation.getByRole('button', { name: /^(Отмена|Закрыть)$/ }).click(),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the compact menu drawer passes axe open', async ({ page }) => {
    await signInByApi(page, 'admin');
    await page.goto('/webinar-main');
    await settle(page);
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expectCleanWhileOpen(page, 'the menu drawer open', drawer, () => page.getByRole('button', { name: 'Открыть меню' }).click());
  });
});

test('records keep their language: a Russian test name in the Kazakh interface is marked lang="ru"', async ({ page }) => {
  await signInByApi(page, 'trainee');
  await page.evaluate(() => localStorage.setItem('language', 'kk'));
  await page.goto('/user/tests');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(page.locator('[data-testid^="test-row-"] .oqu-test-name [lang="ru"]').first()).toHaveText(/[а-яё]/i);
});
