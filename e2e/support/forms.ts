import { expect, type Locator, type Page } from '@playwright/test';

/** Picks `option` in the antd Select list open now. */
export async function pick(page: Page, option: string) {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
  // a select that saves at once is disabled while it saves, and antd may leave its list open then:
  // the choice is made, so close the list for the checks that follow
  await expect(dropdown)
    .toHaveCount(0, { timeout: 3_000 })
    .catch(() => page.keyboard.press('Escape'));
  await expect(dropdown).toHaveCount(0);
}

/**
 * Picks each of `options` in an antd multiple Select (`select`: its combobox), whose list stays open
 * between picks, then closes the list.
 */
export async function pickEach(page: Page, select: Locator, options: string[]) {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (const option of options) {
    const item = dropdown.locator('.ant-select-item-option', { hasText: option }).first();
    await item.click();
    await expect(item).toHaveClass(/ant-select-item-option-selected/);
  }
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
}

/**
 * Picks an option of the antd Select labelled `label`, and sees it shown as chosen: a click that
 * lands while the list is still opening (a busy machine) does not take, and the list stays open, so
 * the pick is made again.
 */
export async function choose(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  const select = page.locator('.ant-select').filter({ has: input });
  await expect(async () => {
    await input.click();
    // a long list renders only the options in its window (other specs add plans and topics meanwhile):
    // a searchable one is narrowed to the option first
    if (await input.isEditable()) await input.fill(option);
    await pick(page, option);
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
}

/**
 * Types a value into an antd date or time picker and confirms it. `leave` closes its panel: Escape,
 * or Tab inside a dialog, which Escape would close as well.
 */
export async function typeIntoPicker(page: Page, label: string, value: string, leave: 'Escape' | 'Tab' = 'Escape') {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
  await page.keyboard.press(leave);
}

/** Presses `button` in the dialog titled `title` once it has finished opening. */
export async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Tomorrow on the organisation's calendar (Asia/Almaty, as the browser here), as DD.MM.YYYY and DD.MM.YY. */
export function tomorrow() {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const parts = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    day,
  );
  return { full: parts, short: `${parts.slice(0, 6)}${parts.slice(8)}` };
}
