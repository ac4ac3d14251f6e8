import { expect, type Locator, type Page } from '@playwright/test';

/** What the keyboard specs read in the page: the focused element, and what the live regions said. */

type Listening = Window & { heard: string[] };

/**
 * Runs in the page (`page.addInitScript(listenToLiveRegions)`): records each text a live region comes
 * to hold, as a screen reader is told it: read a moment after the change, as the accessibility tree
 * is, so that a region quieted as it is added (antd's loading wrappers, app/antdAccessibility.ts)
 * says nothing.
 */
export function listenToLiveRegions() {
  const heard: string[] = [];
  (window as unknown as Listening).heard = heard;
  const live = '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]';
  const note = (region: Element | null | undefined) =>
    setTimeout(() => {
      const text = region?.matches(live) ? region.textContent?.trim() : '';
      if (text && heard.at(-1) !== text) heard.push(text);
    });
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      note(target?.closest(live));
      for (const node of record.addedNodes) {
        if (node instanceof Element) for (const region of [node, ...node.querySelectorAll(live)]) if (region.matches(live)) note(region);
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** What the live regions said since the last time asked. */
export const heard = (page: Page) => page.evaluate(() => (window as unknown as Listening).heard.splice(0));

export const focused = (page: Page) => page.locator(':focus');

export const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has the focus, or Shift+Tab when it comes before the focused element (or
 * `back`), checking every stop with `check`; at most 60 stops: a target never reached fails.
 */
export async function tabTo(page: Page, target: Locator, { check, back }: { check?: () => Promise<void>; back?: boolean } = {}) {
  await expect(target).toBeVisible();
  const backwards =
    back ??
    (await target.evaluate((element) => {
      const from = document.activeElement;
      return Boolean(from && from !== document.body && from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
    }));
  for (let stop = 0; stop < 60; stop += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await check?.();
  }
  await expect(target, 'reached with Tab').toBeFocused({ timeout: 1 });
}
