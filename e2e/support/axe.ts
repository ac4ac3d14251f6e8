import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** WCAG 2.2 level AA: axe's rules for its success criteria of levels A and AA, 2.0 to 2.2. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for running transitions to end: colours measured mid-fade (an expanding row, a closing
 * dropdown, a dialog still zooming in) are not what anyone reads.
 */
async function transitionsEnded(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // spinners loop forever; only transitions that end are waited for
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * axe on the whole page, popups and dialogs (portals of the body) included. With no frame on the page,
 * axe runs in the page itself: the same rules and findings, at half the time of the builder's default,
 * which analyses each frame apart and merges in a blank page of its own.
 */
async function analyze(page: Page, builder: AxeBuilder): Promise<Violation[]> {
  await transitionsEnded(page);
  return (await builder.setLegacyMode(page.frames().length === 1).analyze()).violations;
}

/**
 * A builder that works out only the violations in full: axe then skips computing selectors for every
 * element that passed (its documented way to speed up large pages), the findings unchanged. Set before
 * `withTags`, which `options` would otherwise replace.
 */
const builderFor = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });

const oneLine = (v: Violation) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`;

/** The serious and critical accessibility violations on the current page (all of axe's rules), one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const violations = await analyze(page, builderFor(page));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(oneLine);
}

/** Fails on any serious or critical accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** Every WCAG 2.2 AA violation on the current page, of any impact (the target size of 2.5.8 included). */
export async function wcagViolations(page: Page): Promise<string[]> {
  return (await analyze(page, builderFor(page).withTags(WCAG_22_AA))).map(oneLine);
}

/** Fails on any WCAG 2.2 AA violation on the current page, `what` naming the state it is in (a dialog open…). */
export async function expectWcagClean(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
}
