import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, type AccountName } from './accounts.js';
import { settle } from './settle.js';

/**
 * Every list screen of every role, at 1280 and on a phone (the compact screens, and the admin lists
 * too), as the route walk (specs/route-walk.spec.ts) checks them on its visit: the page and its
 * tables never scroll sideways, every button and link of the content lies within the window, and the
 * list's primary action (the first row's action, else "add") is there and not covered by anything.
 */

export interface Screen {
  path: string;
  /** the primary action: the first match of the first selector that matches something */
  primary: string[];
  /** opens what the action lives in (a row's details) first */
  open?: string;
  /** more to see on this screen */
  also?: (page: Page) => Promise<void>;
}

const ADD = '.oqu-list-add';
/** a row's edit link (components/EditLink), with its text or, on a phone, its icon alone */
const ROW_EDIT = 'tr.ant-table-row >> nth=0 >> a.oqu-row-edit';
const TEST_ACTION = '[data-testid^="test-action-"]';
/** a region's exam: its connect button */
const AUDIENCE_CONNECT = '[data-testid^="audience-connect-"]';
/** a media file's first button (watch, listen or download) */
const MEDIA_ACTION = '[data-testid^="media-item-"] >> nth=0 >> button';
/** a row's expand control (antd's own icon on the old tables) */
const EXPAND = '.oqu-expand, .ant-table-row-expand-icon';
/** a SCORM course's open button, else the page's title when the plan has none */
const SCORM_OPEN = ['[data-testid^="scorm-open-"]', 'h1'];

const FULL: Record<AccountName, Screen[]> = {
  admin: [
    // the expanded row of a trainee holds the most: the plan, photos, the journal and the retakes
    {
      path: '/admin/users',
      open: `tr.ant-table-row:has-text("${ACCOUNTS.trainee.name}") >> ${EXPAND}`,
      primary: [`[data-testid^="user-details-"] button:has-text("Удалить")`],
    },
    { path: '/admin/plan-education', primary: [ROW_EDIT] },
    { path: '/admin/themes', primary: [ROW_EDIT] },
    { path: '/admin/tests', primary: [ROW_EDIT] },
    { path: '/admin/questions', primary: [ROW_EDIT] },
    { path: '/admin/retake', primary: [ROW_EDIT, ADD] },
    { path: '/admin/examiners', primary: [ROW_EDIT] },
    { path: '/admin/webinars', primary: ['[data-testid^="webinar-view-"]'] },
    { path: '/admin/conducting-webinar', primary: [ROW_EDIT] },
    { path: '/admin/admin-questions', primary: ['[data-testid^="inbox-thread-"]', 'h1'] },
    { path: '/admin/certificates', primary: [ROW_EDIT, ADD] },
    { path: '/admin/scorms', primary: [ROW_EDIT, ADD] },
    { path: '/admin/media', primary: [ROW_EDIT, ADD] },
    { path: '/admin/audience-exam', primary: [ROW_EDIT, ADD] },
    { path: '/admin/role', primary: ['table button, table a', 'h1'] },
    { path: '/admin/exam', primary: [ROW_EDIT, ADD] },
    { path: '/admin/report-card-admin', primary: ['[data-testid^="exam-results-"]', 'h1'] },
  ],
  examiner: [
    { path: '/admin/tests', primary: [ROW_EDIT] },
    { path: '/admin/questions', primary: [ROW_EDIT] },
    { path: '/admin/retake', primary: [ROW_EDIT, ADD] },
    { path: '/admin/webinars', primary: ['[data-testid^="webinar-view-"]'] },
    { path: '/admin/exam', primary: [ROW_EDIT, ADD] },
    { path: '/admin/report-card', primary: ['[data-testid^="exam-start-"]', '[data-testid^="exam-results-"]'] },
  ],
  teacher: [
    { path: '/admin/tests', primary: [ROW_EDIT] },
    { path: '/admin/questions', primary: [ROW_EDIT] },
    { path: '/admin/webinars', primary: ['[data-testid^="webinar-view-"]'] },
    { path: '/admin/webinar', primary: ['[data-testid^="teacher-webinar-start-"]', '[data-testid^="teacher-webinar-tests-"]'] },
    { path: '/admin/questions-webinars', primary: ['[data-testid^="inbox-thread-"]', 'h1'] },
    { path: '/admin/exam', primary: [ROW_EDIT, ADD] },
  ],
  trainee: [
    { path: '/user/main', primary: [TEST_ACTION] },
    { path: '/user/tests', primary: [TEST_ACTION] },
    { path: '/user/media-files', primary: [MEDIA_ACTION, 'h1'] },
    {
      path: '/user/plan-education',
      open: `[data-testid^="plan-row-"] >> nth=0 >> ${EXPAND}`,
      primary: ['[data-testid^="topic-row-"] >> nth=0 >> button'],
    },
    {
      path: '/user/webinars',
      primary: ['[data-testid^="webinar-join-"]', '[data-testid^="webinar-ask-"]'],
      // the three groups' tables, one above another, line their columns up
      also: async (page) => {
        const edges = await page
          .locator('#main .ant-table')
          .evaluateAll((tables) =>
            tables.map((table) => [...table.querySelectorAll('thead th')].map((th) => Math.round(th.getBoundingClientRect().left))),
          );
        expect(edges.length).toBeGreaterThan(1);
        for (const columns of edges) expect(columns).toEqual(edges[0]);
      },
    },
    { path: '/user/scorm-package', primary: SCORM_OPEN },
  ],
  region: [{ path: '/admin/audience', primary: [AUDIENCE_CONNECT, 'h1'] }],
};

const COMPACT: Record<AccountName, Screen[]> = {
  admin: [
    { path: '/webinar-main', primary: ['.oqu-tile'] },
    { path: '/webinars-instructor', primary: ['[data-testid^="teacher-webinar-"] a, [data-testid^="teacher-webinar-"] button'] },
    { path: '/questions-webinars', primary: ['[data-testid^="inbox-thread-"]', 'h1'] },
  ],
  examiner: [
    { path: '/webinar-main', primary: ['.oqu-tile'] },
    { path: '/webinars-instructor', primary: ['[data-testid^="teacher-webinar-"] a, [data-testid^="teacher-webinar-"] button', 'h1'] },
    { path: '/questions-webinars', primary: ['[data-testid^="inbox-thread-"]', 'h1'] },
  ],
  teacher: [
    { path: '/webinar-main', primary: ['.oqu-tile'] },
    { path: '/webinars-instructor', primary: ['[data-testid^="teacher-webinar-start-"]', '[data-testid^="teacher-webinar-tests-"]'] },
    { path: '/questions-webinars', primary: ['[data-testid^="inbox-thread-"]', 'h1'] },
  ],
  trainee: [
    {
      path: '/main',
      primary: ['a.oqu-tile'],
      // the four links of the spec: plan, tests, webinars, media files
      also: async (page) => {
        for (const path of ['/plan', '/test', '/webinars', '/mediafiles'])
          await expect(page.locator(`a.oqu-tile[href="${path}"]`)).toBeVisible();
      },
    },
    { path: '/plan', primary: ['a.oqu-tile'] },
    { path: '/test', primary: [TEST_ACTION] },
    { path: '/webinars', primary: ['[data-testid^="webinar-join-"]', '[data-testid^="webinar-ask-"]'] },
    { path: '/scorm-package', primary: SCORM_OPEN },
    { path: '/mediafiles', primary: [MEDIA_ACTION, 'h1'] },
  ],
  region: [{ path: '/admin/audience', primary: [AUDIENCE_CONNECT, 'h1'] }],
};

/** On a phone staff open the admin lists too; a trainee's /user/* pages open their compact counterparts. */
const PHONE: Record<AccountName, Screen[]> = {
  admin: [...COMPACT.admin, ...FULL.admin],
  examiner: [...COMPACT.examiner, ...FULL.examiner],
  teacher: [...COMPACT.teacher, ...FULL.teacher],
  trainee: COMPACT.trainee,
  region: COMPACT.region,
};

/** The list screens of a role at 1280 (`narrow` false) or on a phone, by path. */
export function listScreensOf(account: AccountName, narrow: boolean): Map<string, Screen> {
  return new Map((narrow ? PHONE : FULL)[account].map((screen) => [screen.path, screen]));
}

/** Everything of the list that overflows sideways, as readable lines (empty when nothing does). */
function listOverflow(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    for (const box of document.querySelectorAll<HTMLElement>('#main .ant-table-content, #main .ant-table-body, #main')) {
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(`${box.className || box.id} needs ${box.scrollWidth} px of ${box.clientWidth}`);
    }
    for (const control of document.querySelectorAll<HTMLElement>('#main a[href], #main button')) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left < -1 || rect.right > root.clientWidth + 1) {
        problems.push(
          `"${(control.textContent || control.getAttribute('aria-label') || control.tagName).trim().slice(0, 40)}" at ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
      }
    }
    return problems;
  });
}

/** The primary action is within the window and nothing covers it. */
async function primaryActionProblem(page: Page, screen: Screen): Promise<string | null> {
  let action = null;
  for (const selector of screen.primary) {
    const candidate = page.locator(`#main >> ${selector}`).first();
    if ((await candidate.count()) > 0) {
      action = candidate;
      break;
    }
  }
  if (!action) return `no primary action (${screen.primary.join(' | ')})`;
  await expect(action).toBeVisible();
  return action.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'nearest' });
    const rect = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (rect.left < 0 || rect.right > width)
      return `the primary action is at ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || !(element.contains(hit) || hit.contains(element)))
      return `the primary action is covered by ${hit?.className || hit?.tagName}`;
    return null;
  });
}

/**
 * The list screen's problems as readable lines (empty when it is fine), on the page showing it: its
 * details opened first where the action lives there. Its own further checks (`also`) throw.
 */
export async function listScreenProblems(page: Page, screen: Screen): Promise<string[]> {
  await settle(page);
  if (screen.open) {
    await page.locator(`#main >> ${screen.open}`).click();
    await settle(page);
  }
  const problems = (await listOverflow(page)).map((problem) => `${screen.path}: ${problem}`);
  const action = await primaryActionProblem(page, screen);
  if (action) problems.push(`${screen.path}: ${action}`);
  await screen.also?.(page);
  return problems;
}
