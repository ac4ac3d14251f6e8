import { canUse, Role, type RoleId, type SectionKey } from '@oqu/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { compactCounterpart } from '../../packages/web/src/app/compact.js';
import { ACCOUNTS, type AccountName, signInByApi } from '../support/accounts.js';
import { seriousA11yViolations } from '../support/axe.js';
import { listScreenProblems, listScreensOf } from '../support/list-screens.js';
import { settle } from '../support/settle.js';

/**
 * Every page of the route table, for every role that may open it, at 390×844 and at 1280×720: it fits
 * the window's width (the page never scrolls sideways, no box of it does, nothing sticks out) and axe
 * finds nothing serious (axe reads each page once, on the phone, as the first role to open it sees
 * it). A route added to the table is walked too. On the phone each page is opened directly by its
 * address (a full load) by the first role that opens it, and every other role moves to it within the
 * app, as its links do (a full load costs ten moves); at 1280 every role moves within the app, so
 * each page is loaded once and the desk walk costs no reloads. A list screen (support/list-screens.ts)
 * is checked on the same visit: its primary action in view, nothing of the list past the window's
 * sides.
 */

/** The web app's route lists (packages/web/src/app/routes.tsx), as this walk reads them. */
interface RouteTable {
  ADMIN_ROUTES: { path: string; section: SectionKey }[];
  LEARNER_ROUTES: { path: string }[];
  COMPACT_ROUTES: { path: string; roles?: readonly RoleId[] }[];
}

// Loaded at run time by a computed name: the module's pages are lazy, so only the lists load here,
// and the e2e type check does not pull in the whole web app.
const ROUTES_MODULE = '../../packages/web/src/app/routes.tsx';
const ROUTES = (await import(ROUTES_MODULE)) as RouteTable;

const ROLE: Record<AccountName, RoleId> = {
  admin: Role.Admin,
  examiner: Role.Examiner,
  teacher: Role.Teacher,
  trainee: Role.Trainee,
  region: Role.Region,
};

/**
 * The route patterns a role may open, by full path. `granted`: the route names the role; the others,
 * open to anyone signed in, may send a role elsewhere (the spec's mock-ups lead to the real screens).
 */
function patternsOf(role: RoleId): { pattern: string; granted: boolean }[] {
  return [
    ...ROUTES.ADMIN_ROUTES.filter((route) => canUse(route.section, role)).map((route) => ({
      pattern: `/admin/${route.path}`,
      granted: true,
    })),
    ...(role === Role.Trainee ? ROUTES.LEARNER_ROUTES.map((route) => ({ pattern: `/user/${route.path}`, granted: true })) : []),
    ...ROUTES.COMPACT_ROUTES.filter((route) => !route.roles || route.roles.includes(role)).map((route) => ({
      pattern: `/${route.path}`,
      granted: route.roles !== undefined,
    })),
  ];
}

/** Records of the demo data that pages with an id show. */
interface DemoIds {
  plan: number;
  topic: number;
  topicType: number;
  test: number;
  traineeTest: number;
  question: number;
  retake?: number;
  certificate?: number;
  /** a SCORM package, as the administrator lists them and as the trainee has one on their plan */
  scorm?: number;
  traineeScorm?: number;
  /** the demo has no media files: an edit page is walked once a run has made one */
  media?: number;
  /** completed: its results and report card exist */
  exam: number;
  /** in progress when there is one: the examiner's and the region's rooms */
  liveExam: number;
  /** over: opening its rooms joins no one and starts nothing */
  webinar: number;
  examiner: number;
  teacher: number;
  region: number;
  trainee: number;
}

/** The id a route's `:id` takes, by the route's first segment: a new route with an id must say which record it shows. */
const ID_OF: Record<string, (ids: DemoIds) => number | undefined> = {
  'visitors-log-theme': (ids) => ids.topic,
  'visitors-log-user': (ids) => ids.trainee,
  'edit-plan': (ids) => ids.plan,
  'edit-theme': (ids) => ids.topic,
  'edit-test': (ids) => ids.test,
  'edit-question': (ids) => ids.question,
  'edit-retake': (ids) => ids.retake,
  'edit-exam': (ids) => ids.exam,
  'edit-examiner': (ids) => ids.examiner,
  'edit-webinar': (ids) => ids.webinar,
  'webinars-view': (ids) => ids.webinar,
  'edit-recording-webinar': (ids) => ids.teacher,
  'edit-certificate': (ids) => ids.certificate,
  'edit-scorm': (ids) => ids.scorm,
  'scorm-package-iframe': (ids) => ids.traineeScorm,
  'edit-media-file': (ids) => ids.media,
  'edit-audience-exam': (ids) => ids.region,
  'exam-results-admin': (ids) => ids.exam,
  'exam-for-examiner': (ids) => ids.liveExam,
  'exam-results': (ids) => ids.exam,
  'start-webinar': (ids) => ids.webinar,
  'webinar-exams': (ids) => ids.webinar,
  'audience-region': (ids) => ids.liveExam,
  'webinar-view': (ids) => ids.webinar,
  'chat-webinar': (ids) => ids.webinar,
  'chat-webinar-messages': (ids) => ids.webinar,
  'test-list': (ids) => ids.webinar,
  testing: (ids) => ids.traineeTest,
  type: (ids) => ids.topicType,
  'webinar-chatquestions': (ids) => ids.webinar,
  'webinar-start': (ids) => ids.webinar,
  'webinar-chat': (ids) => ids.webinar,
};

/** The address of a route pattern with demo ids in it; undefined when the demo has no such record. */
function addressOf(pattern: string, ids: DemoIds): string | undefined {
  if (!pattern.includes(':')) return pattern;
  const segment = pattern.split('/').find((part) => part && part !== 'admin' && part !== 'user') ?? '';
  const idOf = ID_OF[segment];
  if (!idOf) throw new Error(`${pattern}: say in ID_OF which demo record it shows`);
  const id = idOf(ids);
  if (id === undefined) return undefined;
  return pattern.replace(/:(\w+)/g, (_, name: string) => String(name === 'themeId' ? ids.topic : id));
}

async function bearer(request: APIRequestContext, account: AccountName) {
  const { iin, password } = ACCOUNTS[account];
  const login = await request.post('/api/user/login', { data: { iin, password } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).user.Token}` };
}

type Row = { ID: number; Status?: string };

async function rows(request: APIRequestContext, url: string, headers: Record<string, string>, key = 'data'): Promise<Row[]> {
  const answer = await request.get(url, { headers });
  expect(answer.ok(), url).toBe(true);
  return (await answer.json())[key] as Row[];
}

async function first(request: APIRequestContext, url: string, headers: Record<string, string>, key = 'data'): Promise<number> {
  const [row] = await rows(request, url, headers, key);
  if (!row) throw new Error(`the demo data has nothing at ${url}`);
  return row.ID;
}

let demoIds: Promise<DemoIds> | undefined;

/** The demo's records, looked up once through the API as the admin, the trainee and the teacher see them. */
function lookUpIds(request: APIRequestContext): Promise<DemoIds> {
  demoIds ??= (async () => {
    const admin = await bearer(request, 'admin');
    const trainee = await bearer(request, 'trainee');
    const exams = await rows(request, '/api/exam/getexam', admin);
    const completed = exams.find((exam) => exam.Status === 'Завершен');
    if (!completed) throw new Error('the demo data has no completed exam');
    const webinars = await rows(request, '/api/web/getuserweb', trainee);
    const over = webinars.find((webinar) => webinar.Status === 'Завершен');
    if (!over) throw new Error('the demo trainee has no webinar that is over');
    return {
      plan: await first(request, '/api/subject/getplans', admin),
      topic: await first(request, '/api/subject/gettopics', admin),
      topicType: await first(request, '/api/gettopictype', admin),
      test: await first(request, '/api/exam/gettests', admin),
      traineeTest: await first(request, '/api/exam/user/test', trainee),
      question: await first(request, '/api/question/getquestions', admin),
      retake: (await rows(request, '/api/retake/get', admin, 'exam'))[0]?.ID,
      certificate: (await rows(request, '/api/cer/getcers', admin))[0]?.ID,
      scorm: (await rows(request, '/api/scorm/get', admin))[0]?.ID,
      traineeScorm: (await rows(request, '/api/scorm/get', trainee))[0]?.ID,
      media: (await rows(request, '/api/media/get?page=1', admin))[0]?.ID,
      exam: completed.ID,
      liveExam: (exams.find((exam) => exam.Status === 'В процессе') ?? completed).ID,
      webinar: over.ID,
      examiner: await first(request, `/api/user/getusers?role=${Role.Examiner}`, admin),
      teacher: await first(request, `/api/user/getusers?role=${Role.Teacher}`, admin),
      region: await first(request, `/api/user/getusers?role=${Role.Region}`, admin),
      trainee: await first(request, `/api/user/getusers?role=${Role.Trainee}`, admin),
    };
  })();
  return demoIds;
}

/** Everything that goes past the window's sides, as readable lines (empty when everything fits). */
function sidewaysProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) problems.push(`the page is ${root.scrollWidth} px wide in ${width}`);
    const name = (element: Element) => {
      const text = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 2).join('.') : '';
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${text ? ` "${text}"` : ''}`;
    };
    /** inside a box that cuts it off (an ellipsis, a visually hidden text): nothing of it sticks out */
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    // the outermost element that goes past a side stands for all inside it
    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (reported.some((outer) => outer.contains(element))) continue;
      const before = problems.length;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name(element)} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth}`);
      } else if (rect.width > width + 1) {
        problems.push(`${name(element)} is ${Math.round(rect.width)} px wide`);
      } else if ((rect.left < -1 || rect.right > width + 1) && !clipped(element)) {
        problems.push(`${name(element)} sticks out: ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`);
      }
      if (problems.length > before) reported.push(element);
    }
    return problems;
  });
}

/**
 * Moves to `address` within the app, as its links do (a new history entry the router hears), and
 * waits until the page shown is the one at the current address (after any redirect): the address
 * changes at once, the content only when the router has rendered the page (`#main`'s data-path).
 * The pointer goes to the header's corner first: left where the last click was, it would hover
 * whatever the new page puts there (a tooltip measured mid-appearance), which a full load never does.
 */
async function openInApp(page: Page, address: string) {
  await page.mouse.move(0, 0);
  await page.evaluate((to) => {
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (window.history.state?.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, address);
  await page.waitForFunction(() => document.querySelector('#main')?.getAttribute('data-path') === window.location.pathname);
}

const NARROW = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 720 };
const ACCOUNT_NAMES: AccountName[] = ['admin', 'examiner', 'teacher', 'region', 'trainee'];

/**
 * The pages axe has read on the phone, by the address shown: a page is one screen whoever opens it, so
 * the first role to open it (the admin, who sees the most) has it read, and the others check its fit.
 */
const readByAxe = new Set<string>();

/** The addresses opened by a full load on the phone: the first role to open one does, the others move to it within the app. */
const loadedDirectly = new Set<string>();

test('the walk’s fit check finds a page that scrolls sideways and a box that does', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await page.goto('/');
  await settle(page);
  expect(await sidewaysProblems(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.style.width = '600px';
    wide.textContent = 'wide';
    const box = document.createElement('div');
    box.style.overflowX = 'auto';
    box.innerHTML = '<div style="width: 800px">scrolls</div>';
    document.body.append(wide, box);
  });
  const problems = await sidewaysProblems(page);
  expect(problems).toContainEqual(expect.stringMatching(/^div "wide" is 600 px wide$/));
  expect(problems).toContainEqual(expect.stringMatching(/^div "scrolls" scrolls sideways: 800 px in \d+$/));
});

for (const viewport of [NARROW, WIDE]) {
  test.describe(`every page at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(viewport === NARROW ? { isMobile: true, hasTouch: true } : {}) });

    for (const account of ACCOUNT_NAMES) {
      test(`${account}: every page it may open fits${viewport === NARROW ? ' and passes axe' : ''}, every list keeps its primary action in view`, async ({
        page,
        request,
      }) => {
        const patterns = patternsOf(ROLE[account]);
        const home: string[] = [ACCOUNTS[account].full, ACCOUNTS[account].compact];
        const lists = listScreensOf(account, viewport === NARROW);
        test.setTimeout(30_000 + patterns.length * 8_000 + lists.size * 5_000);
        const ids = await lookUpIds(request);
        await signInByApi(page, account);
        // the walk moves within the app from the role's home (on the phone, where a page was loaded directly before)
        await page.goto(viewport === WIDE ? ACCOUNTS[account].full : ACCOUNTS[account].compact);
        const problems: string[] = [];
        for (const { pattern, granted } of patterns) {
          const address = addressOf(pattern, ids);
          if (!address) {
            test.info().annotations.push({ type: 'skipped', description: `${pattern}: no such record in the demo data` });
            continue;
          }
          if (viewport === NARROW && !loadedDirectly.has(address)) {
            loadedDirectly.add(address);
            await page.goto(address);
          } else await openInApp(page, address);
          await settle(page);
          // on a phone a learner page opens its compact counterpart; a guard sending the role home means the page went unseen
          const expected = viewport === NARROW ? (compactCounterpart(address) ?? address) : address;
          const landed = new URL(page.url()).pathname;
          if (expected !== address ? landed !== expected : granted && landed !== address && home.includes(landed)) {
            problems.push(`${address}: opened ${landed}`);
            continue;
          }
          for (const problem of await sidewaysProblems(page)) problems.push(`${address}: ${problem}`);
          // axe once per page, on the phone: the desk's journeys run it on their own screens, and twice would double the walk's time
          if (viewport === NARROW && !readByAxe.has(landed)) {
            readByAxe.add(landed);
            for (const violation of await seriousA11yViolations(page)) problems.push(`${address}: ${violation}`);
          }
          const list = lists.get(address);
          if (list) {
            problems.push(...(await listScreenProblems(page, list)));
            lists.delete(address);
          }
        }
        // every list screen of the role is a page of the walk
        expect([...lists.keys()], 'list screens the walk did not open').toEqual([]);
        expect(problems).toEqual([]);
      });
    }
  });
}
