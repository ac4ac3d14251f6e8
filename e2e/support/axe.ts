import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical accessibility violations on the current page, one readable line each. It
 * first waits for running transitions to end: colours measured mid-fade (an expanding row, a closing
 * dropdown) are not what anyone reads.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // spinners loop forever; only transitions that end are waited for
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
  // With no frame on the page, axe runs in the page itself: the same rules and findings, at half the
  // time of the builder's default, which analyses each frame apart and merges in a blank page of its own.
  const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails on any serious or critical accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
