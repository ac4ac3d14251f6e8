import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signIn, signInAs } from '../support/accounts.js';
import { issueExaminerKey, testAuthorityPem } from '../support/authority.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { choose, confirmIn, pickEach, typeIntoPicker } from '../support/forms.js';
import { AdminApi, pumpQuestions, runTag, type TestData, type TraineeData } from '../support/testing-data.js';

/**
 * A formal exam from the form to the signed report card (admin-back-office.md §2 Exam, Report cards
 * and results, §4 votes; issue "Formal exams"): the admin creates it with two regions and two
 * examiners, a region account follows it live, each examiner votes, completes and signs the report
 * card with a .p12 key (issued by the authority the server trusts) in the browser while NCALayer is
 * absent, the stored signatures verify with openssl against that authority, and the trainee
 * sees the verdict. Full layout at 1280×720; axe on every screen of the journey.
 */

const ZONE = 'Asia/Almaty';
const KEY_PASSWORD = 'Кілт-2026!';

interface Person {
  id: number;
  iin: string;
  password: string;
  fullname: string;
}

/** The current 5-minute slot, as the form's DD.MM.YYYY and HH:mm in the organisation's zone: the exam is under way at once. */
function currentSlot() {
  const step = 5 * 60_000;
  const at = new Date(Math.floor(Date.now() / step) * step);
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, time };
}

async function desk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport: { width: 1280, height: 720 } });
  return { context, page: await context.newPage() };
}

/** The trainee passes the plan's test through the API, answering every question right. */
async function passTest(request: APIRequestContext, admin: AdminApi, trainee: TraineeData, data: TestData) {
  const questions = await admin.call<{ data: { ID: number; CorrectAnswer: string }[] }>('GET', `/api/questions/test:${data.testId}`);
  const login = await request.post('/api/user/login', { data: { iin: trainee.iin, password: trainee.password } });
  const headers = { authorization: `Bearer ${(await login.json()).user.Token}` };
  expect((await request.post('/api/test/starttest', { headers, data: { TestID: data.testId } })).ok()).toBe(true);
  for (const question of questions.data) {
    const answer = await request.post('/api/answer/new', {
      headers,
      data: { QuestionID: question.ID, TestID: data.testId, UserAnswer: question.CorrectAnswer },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

/** The examiner's key file in a temporary folder, issued by the authority the server trusts. */
function keyFileFor(person: { iin: string; fullname: string }, folder: string): string {
  const key = issueExaminerKey(person.iin, person.fullname, { password: KEY_PASSWORD });
  const file = path.join(folder, `${person.iin}.p12`);
  fs.writeFileSync(file, key.p12);
  return file;
}

/** Votes, completes (when still running) and signs as one examiner, on the results screen. */
async function signOnResults(page: Page, examId: number, keyFile: string, examiner: { fullname: string; iin: string }) {
  await page.getByRole('link', { name: 'Подписать ЭЦП' }).click();
  await expect(page).toHaveURL(`/admin/eds-authorization?exam=${examId}`);
  await expect(page.getByText(examiner.fullname).first()).toBeVisible();
  // nothing listens at NCALAYER_URL in this journey: the screen says how to start NCALayer, and the key file signs
  await expect(page.getByTestId('ncalayer')).toContainText('NCALayer не запущен');
  await expect(page.getByRole('link', { name: 'Скачать NCALayer (ncl.pki.gov.kz)' })).toHaveAttribute('href', 'https://ncl.pki.gov.kz/');
  await expect(page.getByRole('button', { name: 'Проверить снова' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(keyFile);
  await page.getByLabel('Пароль ключа').fill(KEY_PASSWORD);
  await page.getByRole('button', { name: 'Открыть ключ' }).click();
  const [surname, givenName] = examiner.fullname.split(' ');
  await expect(page.getByTestId('eds-certificate')).toContainText(`${surname} ${givenName}`);
  await expect(page.getByText('Ключ подходит для подписи табеля')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Подписать табель' }).click();
  await confirmIn(page, 'Подписать табель?', 'Подписать');
  await expect(page).toHaveURL(`/admin/exam-results/${examId}`);
  await expect(page.getByTestId('report-card-signed')).toContainText(`Подписано ЭЦП: ${surname} ${givenName}, ИИН ${examiner.iin}`);
  await expect(page.getByTestId('exam-results')).toHaveAttribute('data-signed', 'true');
}

test.describe
  .serial('a formal exam, from the form to the signed report card', () => {
    const tag = runTag();
    const examName = `Экзамен по насосам ${tag}`;
    const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-keys-'));
    let data: TestData;
    let east: Person;
    let west: Person;
    let second: Person;
    let ann: TraineeData;
    let bob: TraineeData;
    let cat: TraineeData;
    let examId: number;
    const firstExaminer = { iin: ACCOUNTS.examiner.iin, fullname: ACCOUNTS.examiner.name };

    test.beforeAll(async ({ request }) => {
      const admin = await AdminApi.signIn(request);
      data = await admin.createTest({ name: `Насосы ${tag}`, duration: 10, passMarks: 60, questions: pumpQuestions() });
      east = await admin.createStaff(5, `Восточный регион ${tag}`);
      west = await admin.createStaff(5, `Западный регион ${tag}`);
      second = await admin.createStaff(2, 'Сейітқалиев Нұрлан Болатұлы');
      ann = await admin.createTrainee(data.planId, `Аманова Анна ${tag}`);
      bob = await admin.createTrainee(data.planId, `Борисов Борис ${tag}`);
      cat = await admin.createTrainee(data.planId, `Цой Катерина ${tag}`);
      for (const [trainee, region] of [
        [ann, east],
        [bob, east],
        [cat, west],
      ] as const) {
        await admin.call('PUT', `/api/user/updateuser/${trainee.id}`, { RegionID: region.id });
      }
    });
    test.afterAll(() => fs.rmSync(keys, { recursive: true, force: true }));

    test('the admin creates the exam with two regions and two examiners', async ({ browser, request }) => {
      const admin = await AdminApi.signIn(request);
      const { context, page } = await desk(browser);
      await signInAs(page, 'admin');
      await page.goto('/admin/create-exam');
      await page.getByLabel('Название экзамена', { exact: true }).fill(examName);
      await choose(page, 'План обучения', `План: Насосы ${tag}`);
      await choose(page, 'Вид экзамена', 'Периодическая проверка знаний');
      await pickEach(page, page.getByLabel('Экзаменаторы', { exact: true }), [ACCOUNTS.examiner.name, second.fullname]);
      await pickEach(page, page.getByRole('combobox', { name: /^Аудитории \(регионы\)/ }), [east.fullname, west.fullname]);
      await expect(page.getByText('из 1 теста')).toBeVisible();
      await page.getByLabel('Проходной балл', { exact: true }).fill('1');
      const slot = currentSlot();
      await typeIntoPicker(page, 'Дата', slot.date);
      await typeIntoPicker(page, 'Время', slot.time);
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('exam-form-submit').click();
      await expect(page).toHaveURL(/\/admin\/exam$/);
      await expect(page.getByRole('row', { name: new RegExp(examName) })).toContainText('В процессе');

      const found = await admin.call<{
        data: { ID: number; Examenators: { ID: number }[]; Regions: { ID: number }[]; PassMarks: number }[];
      }>('GET', `/api/exam/getexam?page=1&search=${encodeURIComponent(examName)}`);
      expect(found.data).toHaveLength(1);
      examId = found.data[0]?.ID as number;
      expect(found.data[0]?.Examenators.map((x) => x.ID)).toContain(second.id);
      expect(found.data[0]?.Regions.map((r) => r.ID).sort()).toEqual([east.id, west.id].sort());
      expect(found.data[0]?.PassMarks).toBe(1);
      await context.close();
    });

    test('a region account connects, sees the clock and its trainees, and their results arrive live', async ({ browser, request }) => {
      const { context, page } = await desk(browser);
      await signIn(page, east.iin, east.password);
      await expect(page).toHaveURL('/admin/audience');
      await page.getByTestId(`audience-connect-${examId}`).click();
      await expect(page).toHaveURL(`/admin/audience-region/${examId}`);
      const room = page.getByTestId('audience-room');
      await expect(room).toContainText(examName);
      await expect(page.getByTestId('audience-room-examiners')).toContainText(second.fullname);
      // the clock ticks on its own
      const elapsed = page.getByTestId('audience-room-elapsed');
      const shown = await elapsed.innerText();
      await expect(elapsed).not.toHaveText(shown);
      // its own trainees only
      await expect(page.getByTestId(`audience-trainee-${ann.id}`)).toBeVisible();
      await expect(page.getByTestId(`audience-trainee-${bob.id}`)).toBeVisible();
      await expect(page.getByTestId(`audience-trainee-${cat.id}`)).toHaveCount(0);
      await expect(page.getByTestId(`trainee-results-${ann.id}`)).toHaveText(/^0 из 1Ниже проходного/);
      await expectNoSeriousA11yViolations(page);

      // Ann passes the plan's test: her result changes on the open screen without a reload
      await passTest(request, await AdminApi.signIn(request), ann, data);
      await expect(page.getByTestId(`trainee-results-${ann.id}`)).toHaveText('1 из 1');
      await context.close();
    });

    test('the first examiner votes, completes the exam and signs the report card in the browser', async ({ browser, request }) => {
      const admin = await AdminApi.signIn(request);
      const { context, page } = await desk(browser);
      await signInAs(page, 'examiner');
      await expect(page).toHaveURL('/admin/report-card');
      await page.getByRole('button', { name: `Начать экзамен «${examName}»` }).click();
      await expect(page).toHaveURL(`/admin/exam-for-examiner/${examId}`);
      await expect(page.getByTestId(`region-tile-${east.id}`)).toContainText('2 слушателя');
      await expectNoSeriousA11yViolations(page);

      // east: accept Ann, reject Bob, then take the rejection back
      await page.getByTestId(`region-tile-${east.id}`).click();
      await page.getByRole('button', { name: `Принять: ${ann.fullname}` }).click();
      await page.getByRole('button', { name: `Отклонить: ${bob.fullname}` }).click();
      await expect(page.getByText('Решения сохранены')).toBeVisible();
      await page.getByRole('button', { name: `Отменить решение: ${bob.fullname}` }).click();
      await expect(page.getByRole('button', { name: `Отклонить: ${bob.fullname}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('region-back').click();
      await expect(page.getByTestId(`region-tile-votes-${east.id}`)).toHaveText('Решений: 1 из 2');

      // west: accept the whole region
      await page.getByTestId(`region-tile-${west.id}`).click();
      await page.getByRole('switch', { name: 'Принять весь регион' }).click();
      await expect(page.getByRole('button', { name: `Отменить решение: ${cat.fullname}` })).toBeVisible();
      await page.getByTestId('region-back').click();
      await expect(page.getByTestId(`region-tile-votes-${west.id}`)).toHaveText('Решений: 1 из 1');

      // the votes are the server's now
      const table = await admin.call<{ data: { Users: { ID: number; Votes: { ID: number; Vote: string }[] }[] }[] }>(
        'GET',
        `/table/get?id=${examId}`,
      );
      const votesOf = (id: number) =>
        table.data
          .flatMap((region) => region.Users)
          .find((user) => user.ID === id)
          ?.Votes.map((v) => v.Vote);
      expect(votesOf(ann.id)).toEqual(['true', '']);
      expect(votesOf(bob.id)).toEqual(['', '']);
      expect(votesOf(cat.id)).toEqual(['true', '']);

      await page.getByTestId('exam-complete').click();
      await confirmIn(page, `Завершить экзамен «${examName}»?`, 'Завершить экзамен');
      await page.getByTestId('exam-to-results').click();
      await expect(page).toHaveURL(`/admin/exam-results/${examId}`);
      await expectNoSeriousA11yViolations(page);
      await signOnResults(page, examId, keyFileFor(firstExaminer, keys), firstExaminer);
      // signed: the votes are locked
      await expect(page.getByRole('button', { name: `Принять: ${bob.fullname}` })).toHaveCount(0);
      await context.close();
    });

    test('the second examiner votes on the results screen and signs', async ({ browser }) => {
      const { context, page } = await desk(browser);
      await signIn(page, second.iin, second.password);
      await expect(page).toHaveURL('/admin/report-card');
      await page.getByRole('link', { name: `Результаты экзамена «${examName}»` }).click();
      await expect(page).toHaveURL(`/admin/exam-results/${examId}`);
      await page.getByRole('button', { name: `Принять: ${ann.fullname}` }).click();
      await page.getByRole('button', { name: `Отклонить: ${bob.fullname}` }).click();
      await page.getByRole('button', { name: `Принять: ${cat.fullname}` }).click();
      await expect(page.getByRole('button', { name: `Отменить решение: ${cat.fullname}` })).toBeVisible();
      await expect(page.getByText('Решения сохранены')).toBeVisible();
      await signOnResults(page, examId, keyFileFor(second, keys), second);
      await expect(page.getByTestId('exam-signatures')).toContainText(`Ахметова Гульнара, ИИН ${ACCOUNTS.examiner.iin}`);
      await expect(page.getByTestId('exam-signatures')).toContainText(`Сейітқалиев Нұрлан, ИИН ${second.iin}`);
      await context.close();
    });

    test('the signed report card downloads and each signature verifies with openssl', async ({ browser, request }) => {
      const admin = await AdminApi.signIn(request);
      const { context, page } = await desk(browser);
      await signInAs(page, 'admin');
      await page.goto(`/admin/exam-results-admin/${examId}`);
      await expect(page.getByTestId('exam-results-admin')).toContainText(examName);
      await expectNoSeriousA11yViolations(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Подписанный табель (PDF): Сейітқалиев Нұрлан' }).click();
      const signedPdf = path.join(keys, 'signed.pdf');
      await (await download).saveAs(signedPdf);
      expect(fs.readFileSync(signedPdf).subarray(0, 5).toString()).toBe('%PDF-');

      const login = await request.post('/api/user/login', { data: { iin: ACCOUNTS.admin.iin, password: ACCOUNTS.admin.password } });
      const headers = { authorization: `Bearer ${(await login.json()).user.Token}` };
      const list = await admin.call<{ data: { ID: number; Fullname: string; Path: string; PdfPath: string }[] }>(
        'GET',
        `/api/exam/reportcard/id:${examId}/signatures`,
      );
      expect(list.data).toHaveLength(2);
      const authorityPem = path.join(keys, 'authority.pem');
      fs.writeFileSync(authorityPem, testAuthorityPem());
      for (const signature of list.data) {
        const p7s = path.join(keys, `${signature.ID}.p7s`);
        const pdf = path.join(keys, `${signature.ID}.pdf`);
        fs.writeFileSync(p7s, await (await request.get(signature.Path, { headers })).body());
        fs.writeFileSync(pdf, await (await request.get(signature.PdfPath, { headers })).body());
        // the signature and the signer's chain to the authority the server trusts
        const verified = execFileSync(
          'openssl',
          [
            'cms',
            '-verify',
            '-binary',
            '-CAfile',
            authorityPem,
            '-purpose',
            'any',
            '-inform',
            'DER',
            '-in',
            p7s,
            '-content',
            pdf,
            '-out',
            '/dev/null',
          ],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        expect(verified).toBeDefined();
      }
      // the second signature covers the PDF the admin downloaded, and nothing else verifies against it
      const last = list.data.find((signature) => signature.Fullname.startsWith('Сейітқалиев')) ?? list.data[1];
      expect(fs.readFileSync(signedPdf).equals(fs.readFileSync(path.join(keys, `${last?.ID}.pdf`)))).toBe(true);
      const first = list.data.find((signature) => signature !== last);
      expect(() =>
        execFileSync(
          'openssl',
          [
            'cms',
            '-verify',
            '-binary',
            '-noverify',
            '-inform',
            'DER',
            '-in',
            path.join(keys, `${first?.ID}.p7s`),
            '-content',
            signedPdf,
            '-out',
            '/dev/null',
          ],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        ),
      ).toThrow();
      await context.close();
    });

    test('the trainee sees the verdict on /user/tests and on the plan’s exam row', async ({ browser }) => {
      const { context, page } = await desk(browser);
      await signIn(page, ann.iin, ann.password);
      await expect(page).not.toHaveURL(/\/$/);
      await page.goto('/user/tests');
      const row = page.getByTestId(`exam-row-${examId}`);
      await expect(row).toContainText(examName);
      await expect(row).toContainText('Принят');
      await expect(page.getByTestId(`exam-results-${examId}`)).toContainText('1 из 1');
      await expectNoSeriousA11yViolations(page);
      await page.goto('/user/plan-education');
      await expect(page.getByTestId('plan-row-exam')).toContainText(examName);
      await expect(page.getByTestId('plan-row-exam')).toContainText('Сдан');
      await context.close();

      // the compact layout says the same on /test and /plan
      const phone = await browser.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport: { width: 390, height: 844 } });
      const compact = await phone.newPage();
      await signIn(compact, ann.iin, ann.password);
      await expect(compact).toHaveURL('/main');
      await compact.goto('/test');
      await expect(compact.getByTestId(`exam-row-${examId}`)).toContainText('Принят');
      await compact.goto('/plan');
      const verification = compact.locator('.oqu-page');
      await expect(verification).toContainText(`Экзамен «${examName}»`);
      await expect(verification).toContainText('Сдан');
      await expectNoSeriousA11yViolations(compact);
      await phone.close();

      // Bob: rejected by the second examiner and no decision by the first: not accepted
      const other = await desk(browser);
      await signIn(other.page, bob.iin, bob.password);
      await expect(other.page).not.toHaveURL(/\/$/);
      await other.page.goto('/user/tests');
      await expect(other.page.getByTestId(`exam-row-${examId}`)).toContainText('Не принят');
      await other.context.close();
    });
  });
