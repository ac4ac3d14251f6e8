import { readFileSync } from 'node:fs';
import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { scormPackage } from '../../packages/server/src/test/scorm-packages.js';
import { PORT } from '../playwright.config.js';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/**
 * SCORM (admin-back-office.md §2 /admin/scorms; learner-and-instructor.md §2 /user/scorm-package):
 * the administrator uploads a SCORM 2004 package for a topic of the demo trainee's plan; the trainee
 * opens it, goes two pages in, closes the tab, opens it again where they stopped, and finishes it:
 * completed and passed with the score, on their course list and their plan. The course, served on
 * the content origin, can neither read the app's session nor call its API as the trainee.
 */

const APP_ORIGIN = `http://127.0.0.1:${PORT}`;
const CONTENT_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
/** a page's first full load on a busy machine: its chunks, texts and data */
const LOAD = 30_000;
const COURSE = `Охрана труда: курс ${Date.now() % 100_000}`;

/**
 * A one-SCO course of three pages: each page sets cmi.location and suspend_data and commits; the last
 * one's Finish reports completed, passed and a scaled score of 0.9, then terminates. On opening, it
 * shows the page it was left on, and writes into its page what it could reach of the app.
 */
function courseHtml(): string {
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>${COURSE}</title></head>
<body>
  <main>
    <h1>${COURSE}</h1>
    <p>Вход: <span id="entry">—</span>. Страница: <span id="where">—</span>. Данные: <span id="suspend">—</span>.</p>
    <section id="page1" hidden><h2>Страница 1</h2><button type="button" data-next="page2">Далее</button></section>
    <section id="page2" hidden><h2>Страница 2</h2><button type="button" data-next="page3">Далее</button></section>
    <section id="page3" hidden><h2>Страница 3</h2><button type="button" id="finish">Завершить курс</button></section>
    <p>Итог: <span id="state">идёт</span></p>
    <h2>Проверки</h2>
    <p>Хранилище приложения: <span id="probe-top">…</span></p>
    <p>Своё хранилище: <span id="probe-own">…</span></p>
    <p>API приложения: <span id="probe-api">…</span></p>
  </main>
  <script>
    (function () {
      function search(win) {
        for (var hops = 0; win && hops < 10; hops++) {
          try { if (win.API_1484_11) return win.API_1484_11; } catch (e) {}
          if (win.parent === win) break;
          win = win.parent;
        }
        return null;
      }
      var api = search(window);
      var text = function (id, value) { document.getElementById(id).textContent = value; };
      if (!api) { text('state', 'no-api'); return; }
      api.Initialize('');
      text('entry', api.GetValue('cmi.entry'));
      if (api.GetValue('cmi.completion_status') !== 'completed') api.SetValue('cmi.completion_status', 'incomplete');
      function show(id) {
        ['page1', 'page2', 'page3'].forEach(function (page) { document.getElementById(page).hidden = page !== id; });
        api.SetValue('cmi.location', id);
        api.SetValue('cmi.suspend_data', 'seen:' + id);
        api.SetValue('cmi.exit', 'suspend');
        var committed = api.Commit('');
        text('where', id);
        text('suspend', api.GetValue('cmi.suspend_data') + (committed === 'true' ? ' (сохранено)' : ' (не сохранено)'));
      }
      document.querySelectorAll('[data-next]').forEach(function (button) {
        button.addEventListener('click', function () { show(button.getAttribute('data-next')); });
      });
      document.getElementById('finish').addEventListener('click', function () {
        api.SetValue('cmi.completion_status', 'completed');
        api.SetValue('cmi.success_status', 'passed');
        api.SetValue('cmi.score.min', '0');
        api.SetValue('cmi.score.max', '100');
        api.SetValue('cmi.score.raw', '90');
        api.SetValue('cmi.score.scaled', '0.9');
        api.SetValue('cmi.exit', 'normal');
        api.Commit('');
        api.Terminate('');
        text('state', 'finished');
      });
      show(api.GetValue('cmi.location') || 'page1');

      // what a course's script could take of the app: its storage through the top window, this origin's own, its API with the browser's credentials
      try {
        var stolen = window.top.localStorage.getItem('user');
        text('probe-top', stolen ? 'read' : 'empty');
      } catch (e) {
        text('probe-top', 'blocked');
      }
      try {
        var own = Object.keys(localStorage).filter(function (key) { return /token|user/i.test(key + localStorage.getItem(key)); });
        text('probe-own', own.length === 0 ? 'no-token' : 'token:' + own.join(','));
      } catch (e) {
        text('probe-own', 'no-token');
      }
      fetch('${APP_ORIGIN}/api/userinfo', { credentials: 'include' }).then(
        function (response) { text('probe-api', 'answered-' + response.status); },
        function () { text('probe-api', 'blocked'); }
      );
    })();
  </script>
</body>
</html>
`;
}

async function bearer(page: Page, account: 'admin' | 'trainee') {
  const { iin, password } = ACCOUNTS[account];
  const login = await page.request.post('/api/user/login', { data: { iin, password } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).user.Token}` };
}

/** The course inside the player inside the app's page. */
const courseOf = (page: Page): FrameLocator =>
  page.getByTestId('scorm-player-frame').contentFrame().locator('iframe.player-course').contentFrame();

async function traineePage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: APP_ORIGIN,
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    viewport: { width: 1366, height: 850 },
  });
  const page = await context.newPage();
  await signInAs(page, 'trainee');
  return { context, page };
}

test('an administrator uploads a SCORM 2004 course; the trainee resumes it where they stopped and finishes it, the course reaching nothing of the app', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // a topic of the demo trainee's plan
  const plan = await page.request.get('/api/subject/plantopics', { headers: await bearer(page, 'trainee') });
  expect(plan.ok()).toBe(true);
  const [topic, other] = (await plan.json()).data as { ID: number; Name: string }[];
  expect(topic).toBeTruthy();

  // — the administrator uploads the package
  const zip = scormPackage({ version: '2004', title: COURSE, files: [{ path: 'index.html', content: courseHtml() }] });
  await signInAs(page, 'admin');
  await page.goto('/admin/create-scorm');
  await expect(page.getByRole('heading', { level: 1, name: 'Новый SCORM-пакет' })).toBeVisible({ timeout: LOAD });
  await expect(page.getByText(/Архив SCORM \(\.zip, до 10 МБ\)/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Название').fill(COURSE);
  await page.getByLabel('Тема').click();
  await page.keyboard.type(topic.Name.slice(0, 20));
  await page.locator('.ant-select-item-option').filter({ hasText: topic.Name }).first().click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByTestId('scorm-chosen-file')).toContainText('course.zip');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/scorms$/);
  await expect(page.getByText(`Пакет «${COURSE}» загружен`)).toBeVisible();
  const row = page.locator('tr[data-testid^="scorm-row-"]').filter({ hasText: COURSE });
  await expect(row).toContainText(topic.Name);
  const scormId = Number((await row.getAttribute('data-testid'))?.replace('scorm-row-', ''));
  expect(scormId).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // the themes page exports the topic's package as uploaded, and imports another for a second topic
  await page.goto(`/admin/themes?search=${encodeURIComponent(topic.Name)}`);
  await page.getByTestId(`topic-scorm-${topic.ID}`).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Экспорт SCORM' }).click();
  const saved = await (await download).path();
  expect(readFileSync(saved).equals(zip)).toBe(true);
  if (other) {
    await page.goto(`/admin/themes?search=${encodeURIComponent(other.Name)}`);
    await page.getByTestId(`topic-scorm-${other.ID}`).click();
    await page.getByRole('menuitem', { name: 'Экспорт SCORM' }).click();
    await expect(page.getByText(`У темы «${other.Name}» нет загруженного SCORM-пакета`)).toBeVisible();
    await page.getByTestId(`topic-scorm-${other.ID}`).click();
    await page.getByRole('menuitem', { name: 'Импорт SCORM' }).click();
    const dialog = page.getByRole('dialog', { name: `Импорт SCORM: ${other.Name}` });
    await expect(dialog.getByLabel('Название')).toHaveValue(other.Name);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'second.zip',
      mimeType: 'application/zip',
      buffer: scormPackage({ version: '1.2', title: 'Второй курс' }),
    });
    await dialog.getByRole('button', { name: 'Загрузить' }).click();
    await expect(page.getByText(`Пакет «${other.Name}» добавлен к теме «${other.Name}»`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // a zip without a manifest: the server's reason stays in the dialog
    await page.getByTestId(`topic-scorm-${other.ID}`).click();
    await page.getByRole('menuitem', { name: 'Импорт SCORM' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'broken.zip',
      mimeType: 'application/zip',
      buffer: scormPackage({ version: '2004', manifest: '<manifest/>' }),
    });
    await dialog.getByRole('button', { name: 'Загрузить' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
  }

  // — the trainee opens it from their list
  const trainee = await traineePage(browser);
  let learner = trainee.page;
  await learner.goto('/user/scorm-package');
  const item = learner.getByTestId(`scorm-row-${scormId}`);
  await expect(item).toContainText(COURSE, { timeout: LOAD });
  await expect(item).toContainText('Не начат');
  await expect(item).toContainText('120 мин');
  await expectNoSeriousA11yViolations(learner);
  await learner.getByTestId(`scorm-open-${scormId}`).click();
  await expect(learner).toHaveURL(new RegExp(`/user/scorm-package-iframe/${scormId}$`));
  const frame = learner.getByTestId('scorm-player-frame');
  await expect(frame).toHaveAttribute('src', `${CONTENT_ORIGIN}/player`);
  await expect(frame).toHaveAttribute('title', `Курс ${COURSE}`);
  let course = courseOf(learner);
  await expect(course.locator('#where')).toHaveText('page1', { timeout: LOAD });
  await expect(course.locator('#entry')).toHaveText('ab-initio');

  // the course's script reached nothing of the app: not its storage, not its API with the trainee's session
  await expect(course.locator('#probe-top')).toHaveText('blocked');
  await expect(course.locator('#probe-own')).toHaveText('no-token');
  await expect(course.locator('#probe-api')).toHaveText('blocked');

  // two pages in, each committed; the app hears the progress
  await course.getByRole('button', { name: 'Далее' }).click();
  await expect(course.locator('#where')).toHaveText('page2');
  await course.getByRole('button', { name: 'Далее' }).click();
  await expect(course.locator('#where')).toHaveText('page3');
  await expect(course.locator('#suspend')).toHaveText('seen:page3 (сохранено)');
  await expect(learner.getByTestId('scorm-player-progress')).toContainText('В процессе');
  await expectNoSeriousA11yViolations(learner);

  // the tab closes; opened again, the course resumes on the page where the trainee stopped
  await learner.close({ runBeforeUnload: true });
  learner = await trainee.context.newPage();
  await learner.goto(`/user/scorm-package-iframe/${scormId}`);
  course = courseOf(learner);
  await expect(course.locator('#entry')).toHaveText('resume', { timeout: LOAD });
  await expect(course.locator('#where')).toHaveText('page3');

  // finishing: completed and passed with the score, on the player, the list and the plan
  await course.getByRole('button', { name: 'Завершить курс' }).click();
  await expect(course.locator('#state')).toHaveText('finished');
  await expect(learner.getByTestId('scorm-finished')).toBeVisible();
  await expect(learner.getByTestId('scorm-player-progress')).toContainText('Пройден · 90 %');

  await learner.getByRole('link', { name: 'К списку курсов' }).first().click();
  await expect(learner).toHaveURL(/\/user\/scorm-package$/);
  await expect(learner.getByTestId(`scorm-row-${scormId}`)).toContainText('Пройден');
  await expect(learner.getByTestId(`scorm-row-${scormId}`)).toContainText('90 %');

  await learner.goto('/user/plan-education');
  // the topic's type row holds it: open each type's thematic plan
  const expanders = learner.locator('[data-testid^="plan-row-"] button.oqu-expand[aria-expanded="false"]');
  await expect(expanders.first()).toBeVisible({ timeout: LOAD });
  for (let count = await expanders.count(); count > 0; count = await expanders.count()) await expanders.first().click();
  await expect(learner.getByTestId(`plan-scorm-${scormId}`)).toContainText('Пройден · 90 %');
  await trainee.context.close();

  // on a phone: the compact list and player, within the window's width
  const phone = await browser.newContext({
    baseURL: APP_ORIGIN,
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await signInAs(mobile, 'trainee');
  await mobile.goto('/user/scorm-package');
  await expect(mobile).toHaveURL(`${APP_ORIGIN}/scorm-package`);
  await expect(mobile.getByTestId(`scorm-row-${scormId}`)).toContainText('Пройден', { timeout: LOAD });
  await mobile.getByTestId(`scorm-open-${scormId}`).click();
  await expect(mobile).toHaveURL(new RegExp(`^${APP_ORIGIN}/scorm-package-iframe/${scormId}$`));
  await expect(courseOf(mobile).locator('h1')).toHaveText(COURSE, { timeout: LOAD });
  const width = await mobile.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]);
  await expectNoSeriousA11yViolations(mobile);
  await mobile.goto('/user/scorm-package-iframe');
  await expect(mobile).toHaveURL(`${APP_ORIGIN}/scorm-package`);
  await phone.close();
});
