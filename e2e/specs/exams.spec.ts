import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Exam } from '@oqu/contracts';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signInByApi } from '../support/accounts.js';
import { issueExaminerKey, testAuthorityPem } from '../support/authority.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { choose, confirmIn, pickEach, typeIntoPicker } from '../support/forms.js';
import { AdminApi, pumpQuestions, runTag, type TestData, type TraineeData } from '../support/testing-data.js';

/** The names of a zip's entries, from its central directory (whose place the archive's last record gives). */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'a zip archive').toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  let entry = zip.readUInt32LE(end + 16);
  for (let left = zip.readUInt16LE(end + 10); left > 0; left -= 1) {
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((at) => zip.readUInt16LE(entry + at));
    names.push(zip.toString('utf8', entry + 46, entry + 46 + nameLength));
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * A formal exam's record, from the form to the certificate's public check (admin-back-office.md §2
 * Exam, Report cards and results, §4 votes; issues «Formal exams», «The exam record holds»), once at
 * 1280 in the full layout and once at 390×844, where the examiners work in the compact layout: the
 * admin creates the exam with two examiners and a chair; the region account counts down to the start
 * and sees a result arrive live; the first examiner rejects one trainee and
 * accepts the rest of the region (the confirmation says what changes, and the rejection stays),
 * completes the exam and is refused signing while the second examiner has not voted, the screen
 * naming who is undecided; the second examiner accepts a trainee below the pass mark (asked first)
 * and signs with a key issued here by the authority the server trusts (checked by the server before
 * the page says it fits); the first signs; both signatures cover the same document; the accepted
 * trainee's certificate reads valid at /verify/{code}; the signed exam's form is read-only and its
 * delete dialog offers no delete. axe on every exam screen; no sideways scroll at 390.
 */

const ZONE = 'Asia/Almaty';
const KEY_PASSWORD = 'Кілт-2026!';
/**
 * The form takes a whole minute: the exams are created for one this far ahead, then moved through
 * the API to begin START_MS after the region opens its room, so the run waits seconds for the start
 * rather than minutes for a clock minute. The server accepts any moment from now on, as the form does.
 */
const FORM_LEAD_MS = 3_600_000;
const START_MS = 30_000;

interface Layout {
  name: 'desk' | 'phone';
  viewport: { width: number; height: number };
  /** where the examiner's screens are: /admin/… on a desk, the compact routes on a phone */
  base: '/admin' | '';
}
const LAYOUTS: Layout[] = [
  { name: 'desk', viewport: { width: 1280, height: 720 }, base: '/admin' },
  { name: 'phone', viewport: { width: 390, height: 844 }, base: '' },
];

interface Person {
  id: number;
  iin: string;
  password: string;
  fullname: string;
}

/** A whole minute at least FORM_LEAD_MS ahead, as the form's DD.MM.YYYY and HH:mm in the organisation's zone. */
function startAhead() {
  const at = new Date(Math.ceil((Date.now() + FORM_LEAD_MS) / 60_000) * 60_000);
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, time };
}

async function open(browser: Browser, layout: Layout): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'ru-RU',
    timezoneId: ZONE,
    viewport: layout.viewport,
    ...(layout.name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The screen as a person reads it: no serious axe finding, and on a phone no sideways scroll. */
async function expectReadable(page: Page, layout: Layout) {
  if (layout.name === 'phone') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${page.url()} scrolls sideways`).toBe(
      true,
    );
  }
  await expectNoSeriousA11yViolations(page);
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

/** Moves an exam's start to `beginTime` through the API, every other field as stored. */
async function moveStart(admin: AdminApi, examId: number, beginTime: string) {
  const { data: exam } = await admin.call<{ data: Exam }>('GET', `/api/exam/getexam?id=${examId}`);
  await admin.call('PUT', `/api/exam/updateexam/${examId}`, {
    Name: exam.Name,
    PlanID: exam.PlanID,
    TypeID: exam.TypeID,
    PassMarks: exam.PassMarks,
    Duration: exam.Duration,
    Examenators: exam.Examenators.map((person) => person.ID),
    ChairID: exam.ChairID,
    Regions: exam.Regions.map((region) => region.ID),
    BeginTime: beginTime,
  });
}

/** The examiner's key file in a temporary folder, issued now by the authority the server trusts. */
function keyFileFor(person: { iin: string; fullname: string }, folder: string): string {
  const file = path.join(folder, `${person.iin}.p12`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, issueExaminerKey(person.iin, person.fullname, { password: KEY_PASSWORD }).p12);
  return file;
}

/** Signs on the results screen with the key file (NCALayer is absent here), back on the results. */
async function signOnResults(page: Page, layout: Layout, examId: number, keyFile: string, examiner: { fullname: string; iin: string }) {
  await page.getByRole('link', { name: 'Подписать ЭЦП' }).click();
  await expect(page).toHaveURL(`${layout.base}/eds-authorization?exam=${examId}`);
  await expect(page.getByText(examiner.fullname).first()).toBeVisible();
  await expect(page.getByTestId('ncalayer')).toContainText('NCALayer не запущен');
  await page.locator('input[type=file]').setInputFiles(keyFile);
  await page.getByLabel('Пароль ключа').fill(KEY_PASSWORD);
  await page.getByRole('button', { name: 'Открыть ключ' }).click();
  const [surname, givenName] = examiner.fullname.split(' ');
  await expect(page.getByTestId('eds-certificate')).toContainText(`${surname} ${givenName}`);
  // said only once the server has checked the key's chain and revocation
  await expect(page.getByTestId('eds-trust-ready')).toHaveText('Ключ подходит для подписи табеля');
  await expectReadable(page, layout);
  await page.getByRole('button', { name: 'Подписать табель' }).click();
  await confirmIn(page, 'Подписать табель?', 'Подписать');
  await expect(page).toHaveURL(`${layout.base}/exam-results/${examId}`);
  await expect(page.getByTestId('report-card-signed')).toContainText(`Подписано ЭЦП: ${surname} ${givenName}, ИИН ${examiner.iin}`);
  await expect(page.getByTestId('exam-results')).toHaveAttribute('data-signed', 'true');
}

test.describe
  .serial('an exam record, from the form to the certificate’s public check, at 1280 and at 390', () => {
    const tag = runTag();
    const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-keys-'));
    const exams: Record<Layout['name'], { id: number; name: string }> = {
      desk: { id: 0, name: `Экзамен по насосам ${tag}` },
      phone: { id: 0, name: `Экзамен с телефона ${tag}` },
    };
    let data: TestData;
    let east: Person;
    let second: Person;
    let ann: TraineeData;
    let bob: TraineeData;
    let cat: TraineeData;
    const first = { iin: ACCOUNTS.examiner.iin, fullname: ACCOUNTS.examiner.name, password: ACCOUNTS.examiner.password };

    test.beforeAll(async ({ request }) => {
      const admin = await AdminApi.signIn(request);
      data = await admin.createTest({ name: `Насосы ${tag}`, duration: 10, passMarks: 60, questions: pumpQuestions() });
      east = await admin.createStaff(5, `Восточный регион ${tag}`);
      second = await admin.createStaff(2, 'Сейітқалиев Нұрлан Болатұлы');
      ann = await admin.createTrainee(data.planId, `Аманова Анна ${tag}`);
      bob = await admin.createTrainee(data.planId, `Борисов Борис ${tag}`);
      cat = await admin.createTrainee(data.planId, `Цой Катерина ${tag}`);
      for (const trainee of [ann, bob, cat]) await admin.call('PUT', `/api/user/updateuser/${trainee.id}`, { RegionID: east.id });
    });
    test.afterAll(() => fs.rmSync(keys, { recursive: true, force: true }));

    test('the admin creates both exams with two examiners and the second as chair, at 1280 and at 390', async ({ browser, request }) => {
      test.setTimeout(120_000);
      const admin = await AdminApi.signIn(request);
      const slot = startAhead();
      for (const layout of LAYOUTS) {
        const exam = exams[layout.name];
        const { context, page } = await open(browser, layout);
        await signInByApi(page, 'admin');
        await page.goto('/admin/create-exam');
        await page.getByLabel('Название экзамена', { exact: true }).fill(exam.name);
        await choose(page, 'План обучения', `План: Насосы ${tag}`);
        await choose(page, 'Вид экзамена', 'Периодическая проверка знаний');
        await pickEach(page, page.getByLabel('Экзаменаторы', { exact: true }), [ACCOUNTS.examiner.name, second.fullname]);
        // the chair is one of the examiners, the first until another is picked
        await expect(page.getByTestId('exam-form-chair')).toContainText(ACCOUNTS.examiner.name);
        await choose(page, 'Председатель комиссии', second.fullname);
        await pickEach(page, page.getByRole('combobox', { name: /^Аудитории \(регионы\)/ }), [east.fullname]);
        await expect(page.getByText('из 1 теста')).toBeVisible();
        await page.getByLabel('Проходной балл', { exact: true }).fill('1');
        await typeIntoPicker(page, 'Дата', slot.date);
        await typeIntoPicker(page, 'Время', slot.time);
        await expectReadable(page, layout);
        await page.getByTestId('exam-form-submit').click();
        await expect(page).toHaveURL(/\/admin\/exam$/);
        await expect(page.getByTestId(/^exam-row-/).filter({ hasText: exam.name })).toContainText('Ожидается');

        const found = await admin.call<{ data: { ID: number; Examenators: { ID: number }[]; ChairID: number | null }[] }>(
          'GET',
          `/api/exam/getexam?page=1&search=${encodeURIComponent(exam.name)}`,
        );
        expect(found.data).toHaveLength(1);
        exam.id = found.data[0]?.ID as number;
        expect(found.data[0]?.Examenators.map((person) => person.ID)).toContain(second.id);
        expect(found.data[0]?.ChairID).toBe(second.id);
        await context.close();
      }
    });

    test('the region account counts down to the start, then sees a result arrive live', async ({ browser, request }) => {
      test.setTimeout(START_MS + 120_000);
      const admin = await AdminApi.signIn(request);
      const beginTime = new Date(Date.now() + START_MS).toISOString();
      for (const exam of Object.values(exams)) await moveStart(admin, exam.id, beginTime);
      const { context, page } = await open(browser, LAYOUTS[0] as Layout);
      await signInByApi(page, east);
      await page.goto('/admin/audience');
      await page.getByTestId(`audience-connect-${exams.desk.id}`).click();
      await expect(page).toHaveURL(`/admin/audience-region/${exams.desk.id}`);
      await expect(page.getByTestId('audience-room')).toContainText(exams.desk.name);
      await expect(page.getByTestId('audience-room-status')).toHaveText('Ожидается');
      // before the start the clock counts to the start, not to the end
      await expect(page.getByText('До начала')).toBeVisible();
      await expect(page.getByTestId('audience-room-elapsed')).toHaveText('-');
      await expectNoSeriousA11yViolations(page);
      // the screen reads the exam again when the clock starts it
      await expect(page.getByTestId('audience-room-status')).toHaveText('В процессе', { timeout: START_MS + 60_000 });
      await expect(page.getByText('Осталось')).toBeVisible();
      await expect(page.getByTestId(`trainee-results-${ann.id}`)).toHaveText(/^0 из 1Ниже проходного/);
      await passTest(request, admin, ann, data);
      await expect(page.getByTestId(`trainee-results-${ann.id}`)).toHaveText('1 из 1');
      await context.close();
    });

    for (const layout of LAYOUTS) {
      test(`${layout.name}: the first examiner rejects one, accepts the rest of the region, completes, and may not sign yet`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        const exam = exams[layout.name];
        const { context, page } = await open(browser, layout);
        await signInByApi(page, first);
        await page.goto(`${layout.base}/report-card`);
        if (layout.name === 'phone') {
          // the compact menu leads to the report card
          await page.getByRole('button', { name: 'Открыть меню' }).click();
          await expect(page.getByRole('dialog').getByRole('link', { name: 'Табель' })).toBeVisible();
          await page.keyboard.press('Escape');
        }
        await expect(page.getByTestId(`report-card-row-${exam.id}`)).toContainText('В процессе');
        await expectReadable(page, layout);
        await page.getByRole('button', { name: `Начать экзамен «${exam.name}»` }).click();
        await expect(page).toHaveURL(`${layout.base}/exam-for-examiner/${exam.id}`);
        await expect(page.getByTestId(`region-tile-${east.id}`)).toContainText('3 слушателя');
        await expectReadable(page, layout);

        await page.getByTestId(`region-tile-${east.id}`).click();
        await page.getByRole('button', { name: `Отклонить: ${bob.fullname}` }).click();
        await expect(page.getByTestId(`participant-vote-${bob.id}`)).toHaveText('Отклонён');
        // the region-wide accept asks first, says what it changes, and keeps the rejection
        await page.getByTestId(`region-accept-all-${east.id}`).click();
        const dialog = page.getByRole('dialog', { name: `Принять весь регион «${east.fullname}»?` });
        await expect(dialog.getByTestId('region-accept-summary')).toContainText('Изменится решений: 2');
        await expect(dialog.getByTestId('region-accept-summary')).toContainText('Из них ниже проходного балла: 1');
        await expectNoSeriousA11yViolations(page);
        await confirmIn(page, `Принять весь регион «${east.fullname}»?`, 'Принять (2)');
        await expect(page.getByTestId(`participant-vote-${ann.id}`)).toHaveText('Принят');
        await expect(page.getByTestId(`participant-vote-${cat.id}`)).toHaveText('Принят');
        await expect(page.getByTestId(`participant-vote-${bob.id}`)).toHaveText('Отклонён');
        // nobody is left without a decision: nothing more for it to do
        await expect(page.getByTestId(`region-accept-all-${east.id}`)).toBeDisabled();
        await expectReadable(page, layout);
        await page.getByTestId('region-back').click();
        await expect(page.getByTestId(`region-tile-votes-${east.id}`)).toHaveText('Решений: 3 из 3');

        // completing says who has still to vote on whom
        await page.getByTestId('exam-complete').click();
        const completion = page.getByRole('dialog', { name: `Завершить экзамен «${exam.name}»?` });
        await expect(completion.getByTestId(`exam-undecided-${second.id}`)).toContainText(second.fullname);
        await confirmIn(page, `Завершить экзамен «${exam.name}»?`, 'Завершить экзамен');
        await expect(page.getByTestId('exam-status')).toHaveText('Завершен');
        await page.getByTestId('exam-to-results').click();
        await expect(page).toHaveURL(`${layout.base}/exam-results/${exam.id}`);
        await expect(page.getByTestId('exam-verdict-rule')).toContainText('принятым, только если его приняли все члены комиссии');
        await expect(page.getByTestId('exam-undecided')).toContainText(second.fullname);
        await expect(page.getByTestId('report-card-sign')).toBeDisabled();
        await expect(page.getByTestId('report-card-sign-hint')).toHaveText(
          'Подписать можно, когда все члены комиссии примут решение по каждому слушателю',
        );
        await expectReadable(page, layout);
        await context.close();
      });

      test(`${layout.name}: the second examiner accepts a trainee below the pass mark when asked, and signs with a key issued now`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        const exam = exams[layout.name];
        const { context, page } = await open(browser, layout);
        await signInByApi(page, second);
        await page.goto(`${layout.base}/report-card`);
        await page.getByRole('link', { name: `Результаты экзамена «${exam.name}»` }).click();
        await expect(page).toHaveURL(`${layout.base}/exam-results/${exam.id}`);
        await expect(page.getByTestId('exam-undecided')).toContainText(`Вы (${second.fullname})`);
        await page.getByRole('button', { name: `Принять: ${ann.fullname}` }).click();
        await expect(page.getByTestId(`participant-vote-${ann.id}`)).toHaveText('Принят');
        await page.getByRole('button', { name: `Отклонить: ${bob.fullname}` }).click();
        await expect(page.getByTestId(`participant-vote-${bob.id}`)).toHaveText('Отклонён');
        // Cat passed 0 of 1 tests with a pass mark of 1: accepting her asks first
        await page.getByRole('button', { name: `Принять: ${cat.fullname}` }).click();
        const asked = page.getByRole('dialog', { name: `Принять слушателя ${cat.fullname}?` });
        await expect(asked).toContainText('сдано тестов плана 0 из 1, проходной балл — 1');
        await confirmIn(page, `Принять слушателя ${cat.fullname}?`, 'Принять');
        await expect(page.getByTestId(`participant-vote-${cat.id}`)).toHaveText('Принят');
        // every vote is in: signing opens
        await expect(page.getByTestId('exam-undecided')).toHaveCount(0);
        await expectReadable(page, layout);
        await signOnResults(page, layout, exam.id, keyFileFor(second, keys), second);
        // the document is fixed: no vote changes any more, and it downloads with its signatures
        await expect(page.getByTestId('exam-results')).toHaveAttribute('data-fixed', 'true');
        await expect(page.getByRole('button', { name: `Принять: ${bob.fullname}` })).toHaveCount(0);
        await expect(page.getByTestId('report-card-marked')).toHaveText('Копия с отметками о подписании');
        await expect(page.getByTestId('report-card-package')).toHaveText('Документ и подписи (zip)');
        const download = page.waitForEvent('download');
        await page.getByTestId('report-card-package').click();
        expect(zipEntryNames(fs.readFileSync(await (await download).path()))).toEqual([
          `report-card-${exam.id}.pdf`,
          `report-card-${exam.id}-marked-copy.pdf`,
          expect.stringMatching(new RegExp(`^report-card-${exam.id}\\.1-.+\\.p7s$`)),
        ]);
        await expectReadable(page, layout);
        await context.close();
      });

      test(`${layout.name}: the first examiner signs the same fixed document`, async ({ browser }) => {
        const exam = exams[layout.name];
        const { context, page } = await open(browser, layout);
        await signInByApi(page, first);
        await page.goto(`${layout.base}/report-card`);
        await page.getByRole('link', { name: `Результаты экзамена «${exam.name}»` }).click();
        // another member signed: the votes are final for everyone
        await expect(page.getByTestId('exam-locked')).toHaveText('Табель подписан членом комиссии: документ и все решения окончательны.');
        await expect(page.getByRole('button', { name: `Отклонить: ${ann.fullname}` })).toHaveCount(0);
        await signOnResults(page, layout, exam.id, keyFileFor(first, keys), first);
        const signatures = page.getByTestId('exam-signatures');
        await expect(signatures).toContainText(`Ахметова Гульнара, ИИН ${first.iin}`);
        await expect(signatures).toContainText(`Сейітқалиев Нұрлан, ИИН ${second.iin}`);
        await expectReadable(page, layout);
        await context.close();
      });
    }

    test('both signatures cover the same document, the accepted trainees’ certificates read valid, and the signed exam is kept as it is', async ({
      browser,
      request,
    }) => {
      const admin = await AdminApi.signIn(request);
      const login = await request.post('/api/user/login', { data: { iin: ACCOUNTS.admin.iin, password: ACCOUNTS.admin.password } });
      const headers = { authorization: `Bearer ${(await login.json()).user.Token}` };
      const authorityPem = path.join(keys, 'authority.pem');
      fs.writeFileSync(authorityPem, testAuthorityPem());
      const list = await admin.call<{ data: { ID: number; Path: string; PdfPath: string }[] }>(
        'GET',
        `/api/exam/reportcard/id:${exams.desk.id}/signatures`,
      );
      expect(list.data).toHaveLength(2);
      const documents: Buffer[] = [];
      for (const signature of list.data) {
        const p7s = path.join(keys, `${signature.ID}.p7s`);
        const pdf = path.join(keys, `${signature.ID}.pdf`);
        fs.writeFileSync(p7s, await (await request.get(signature.Path, { headers })).body());
        fs.writeFileSync(pdf, await (await request.get(signature.PdfPath, { headers })).body());
        documents.push(fs.readFileSync(pdf));
        // throws unless the signature covers the document and its signer chains to the authority
        execFileSync(
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
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
      }
      expect(documents[0]?.equals(documents[1] as Buffer)).toBe(true);
      // «Скачать табель» after the signatures is that document
      const card = await request.get(`/api/exam/reportcard/id:${exams.desk.id}`, { headers });
      expect((await card.body()).equals(documents[0] as Buffer)).toBe(true);

      // accepted by both: Ann and Cat hold certificates of this exam, Bob none
      const issued = await admin.call<{ data: { UserID: number; ExamID: number; Code: string }[] }>(
        'GET',
        `/api/cer/issued?page=1&search=${encodeURIComponent(`Насосы ${tag}`)}`,
      );
      const ofExam = issued.data.filter((certificate) => certificate.ExamID === exams.desk.id);
      expect(ofExam.map((certificate) => certificate.UserID).sort()).toEqual([ann.id, cat.id].sort());
      const visitorContext = await browser.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport: { width: 390, height: 844 } });
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/verify/${ofExam.find((certificate) => certificate.UserID === ann.id)?.Code}`);
      await expect(visitor.getByTestId('verified').getByText('Сертификат действителен')).toBeVisible();
      await expect(visitor.getByTestId('verified').getByText(ann.fullname)).toBeVisible();
      await visitorContext.close();

      // the signed exam's form is read-only, and its delete dialog says why it stays
      const { context, page } = await open(browser, LAYOUTS[0] as Layout);
      await signInByApi(page, 'admin');
      await page.goto(`/admin/edit-exam/${exams.desk.id}`);
      await expect(page.getByTestId('exam-form-lock')).toContainText('Экзамен изменить нельзя');
      await expect(page.getByLabel('Название экзамена', { exact: true })).toBeDisabled();
      await expect(page.getByTestId('exam-form-submit')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/admin/exam?search=${encodeURIComponent(exams.desk.name)}`);
      await page.getByRole('button', { name: `Удалить: ${exams.desk.name}` }).click();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toContainText(`Экзамен «${exams.desk.name}» удалить нельзя`);
      await expect(tooltip).toContainText('Табель экзамена подписан');
      await expect(tooltip.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
      await tooltip.getByRole('button', { name: 'Закрыть' }).click();
      await context.close();

      // the trainees read their verdicts
      for (const [trainee, verdict] of [
        [ann, 'Принят'],
        [bob, 'Не принят'],
      ] as const) {
        const own = await open(browser, LAYOUTS[0] as Layout);
        await signInByApi(own.page, trainee);
        await own.page.goto('/user/tests');
        await expect(own.page.getByTestId(`exam-row-${exams.desk.id}`)).toContainText(verdict);
        await own.context.close();
      }
    });
  });
