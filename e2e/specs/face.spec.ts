import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect as baseExpect, chromium, type Page, request, test } from '@playwright/test';
import { PORT } from '../playwright.config.js';
import { signIn, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { facePhoto } from '../support/faces.js';
import { fakeCameraArgs, fakeCameraFile } from '../support/fake-camera.js';
import { type StartedServer, startServer } from '../support/server.js';
import { AdminApi, freshIin, pumpQuestions, runTag, type TraineeData } from '../support/testing-data.js';

/**
 * The face check guards a webinar's join (learner-and-instructor.md §2 /face, §4 face check, §8
 * 'face not recognized'): the administrator uploads a trainee's photo (a photo without a face is
 * refused with the server's message), a trainee whose camera shows that person joins the live
 * webinar through the check, another person's face is refused with the reason, and the teacher sees
 * the join face-verified; an examiner's 'Start' (admin-back-office.md §2) asks for the check before
 * the exam's room. The demo server runs with the check off, so this spec starts its own with
 * FACE_CHECK=required. Each person has a browser of their own, whose fake camera shows a fixture photo.
 */

// four browsers and a second server share the machine: screens get longer to appear
const expect = baseExpect.configure({ timeout: 30_000 });

// between this run's port pair (PORT, PORT + 1) and the next ten
const FACE_PORT = PORT + 5;
const REASONS = (
  JSON.parse(
    readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/src/i18n/ru/face.json'), 'utf8'),
  ) as { reasons: Record<string, string> }
).reasons;

let server: StartedServer;
let folder: string;
const browsers: Browser[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-camera-'));
  server = await startServer({ name: 'face', port: FACE_PORT, env: () => ({ FACE_CHECK: 'required', FACE_CHECK_SECONDS: '3' }) });
});

test.afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A browser of its own (the project's Chromium and flags), whose camera shows `photo` if given. */
async function person(photo: string | null, viewport = { width: 1280, height: 720 }): Promise<Page> {
  const { launchOptions } = test.info().project.use;
  const camera = photo ? fakeCameraArgs(fakeCameraFile(facePhoto(photo), folder)) : [];
  const browser = await chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), ...camera] });
  browsers.push(browser);
  const context = await browser.newContext({ baseURL: server.url, locale: 'ru-RU', timezoneId: 'Asia/Almaty', viewport });
  return context.newPage();
}

async function signInTrainee(page: Page, trainee: TraineeData) {
  await signIn(page, trainee.iin, trainee.password);
  await expect(page).not.toHaveURL(/\/$/);
}

/** Nothing wider than the window, and `action` in view. */
async function expectFits(page: Page, action: ReturnType<Page['getByRole']>) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(action).toBeInViewport();
}

test('a trainee joins a live webinar through the face check, another face is refused with the reason, the teacher sees the join verified', async () => {
  // four browsers, two servers and the model on a shared machine: minutes, not seconds
  test.setTimeout(600_000);
  const api = await request.newContext({ baseURL: server.url });
  const admin = await AdminApi.signIn(api);
  const tag = runTag();
  const data = await admin.createTest({
    name: `Тест проверки лица ${tag}`,
    duration: 10,
    passMarks: 50,
    questions: pumpQuestions(),
    webinar: true,
  });
  const trainee = await admin.createTrainee(data.planId, `Слушатель проверки лица ${tag}`);
  // in progress from 30 minutes before its start
  const id = await admin.createWebinar(data, `Вебинар с проверкой лица ${tag}`, new Date(Date.now() + 5 * 60_000));
  await api.dispose();

  // the administrator uploads the trainee's photos in their row's details: a landscape is refused
  // with the server's message by the photo field; their portrait is taken
  const office = await person(null);
  await signInAs(office, 'admin');
  await office.getByRole('searchbox', { name: 'Поиск' }).fill(trainee.iin);
  const row = office.locator('[data-testid^="user-row-"]', { hasText: trainee.fullname });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const details = office.getByTestId(`user-details-${trainee.id}`);
  await details.locator('input[type="file"]').setInputFiles(facePhoto('sunset.jpg'));
  await expect(details.getByRole('alert')).toContainText(/лиц/i);
  await details.locator('input[type="file"]').setInputFiles(facePhoto('jesper_2.jpg'));
  await expect(details.getByRole('list', { name: 'Загруженные фото' }).getByRole('img')).toHaveCount(1);
  await expect(details.getByRole('alert')).toHaveCount(0);
  await office.context().browser()?.close();

  // the teacher starts the webinar and stays in the room
  const teacher = await person(null);
  await signInAs(teacher, 'teacher');
  await teacher.goto('/admin/webinar');
  await teacher.getByTestId(`teacher-webinar-start-${id}`).click();
  await expect(teacher).toHaveURL(`/admin/start-webinar/${id}`);
  await expect(teacher.getByTestId('conduct-room')).toBeVisible();

  // on a phone, someone else signed in as the trainee: the room opened by its address asks for the
  // check first; the compact /face page runs it and refuses this face with the reason, and keeps trying
  const other = await person('anne_helene.jpg', { width: 390, height: 844 });
  await signInTrainee(other, trainee);
  await other.goto(`/webinar-view/${id}`);
  const roomCheck = other.getByRole('dialog', { name: 'Проверка лица' });
  await expect(roomCheck.getByTestId('face-consent')).toBeVisible();
  await roomCheck.getByRole('button', { name: 'Отмена' }).click();
  await expect(other.getByTestId('room-needs-check')).toBeVisible();
  await other.goto('/webinars');
  await other.getByTestId(`webinar-join-${id}`).click();
  await expect(other).toHaveURL(`/face?web=${id}`);
  const start = other.getByRole('button', { name: 'Начать проверку' });
  await expectFits(other, start);
  await start.click();
  const refused = other.getByTestId('face-status');
  await expect(refused).toHaveAttribute('data-outcome', 'mismatch', { timeout: 60_000 });
  await expect(refused).toContainText('Лицо не распознано');
  const reason = (await refused.getAttribute('data-reason')) ?? '';
  // the trainee is enrolled: any reason but that one (the engine may find her face too small or just another's)
  expect(Object.keys(REASONS).filter((key) => key !== 'not_enrolled')).toContain(reason);
  await expect(refused).toContainText(REASONS[reason] as string);
  console.log(`another person's face: refused, reason ${reason}`);
  await expectFits(other, other.getByRole('button', { name: 'Отмена' }));
  await expectNoSeriousA11yViolations(other);
  // it keeps trying, and never lets them in
  await expect(refused).toHaveAttribute('data-outcome', 'mismatch');
  await expect(other).toHaveURL(`/face?web=${id}`);
  await other.getByRole('button', { name: 'Отмена' }).click();
  await other.context().browser()?.close();

  // the trainee, on a computer: 'Join' opens the check (instructions, what is sent), then the room
  const learner = await person('jesper.jpg');
  await signInTrainee(learner, trainee);
  await learner.goto('/user/webinars');
  await learner.getByTestId(`webinar-join-${id}`).click();
  const check = learner.getByRole('dialog', { name: 'Проверка лица' });
  await expect(check.getByTestId('face-consent')).toContainText('не сохраняются');
  await expectFits(learner, check.getByRole('button', { name: 'Начать проверку' }));
  await expectNoSeriousA11yViolations(learner);
  await check.getByRole('button', { name: 'Начать проверку' }).click();
  await expect(learner).toHaveURL(`/user/webinar-view/${id}`, { timeout: 60_000 });
  await expect(learner.getByTestId('learner-room')).toBeVisible();
  await expect(learner.getByTestId('room-join-error')).toHaveCount(0);
  await expect(learner.getByTestId('room-needs-check')).toHaveCount(0);

  // the teacher's attendee list: the trainee's join is face-verified
  await teacher.getByTestId('room-online').click();
  const attendee = teacher.getByTestId('room-online-popup').getByRole('listitem').filter({ hasText: trainee.fullname });
  await expect(attendee.getByTestId('attendee-face')).toHaveText('Лицо подтверждено');
});

test('an examiner’s Start opens the camera check, and their face opens the exam room', async () => {
  test.setTimeout(300_000);
  const api = await request.newContext({ baseURL: server.url });
  const admin = await AdminApi.signIn(api);
  const tag = runTag();
  const data = await admin.createTest({
    name: `Тест экзамена с проверкой лица ${tag}`,
    duration: 10,
    passMarks: 50,
    questions: pumpQuestions(),
  });
  const examiner = await admin.createStaff(2, `Экзаменатор проверки лица ${tag}`);
  await admin.uploadPhoto(examiner.id, facePhoto('jesper_2.jpg'));
  const types = await admin.call<{ data: { ID: number }[] }>('GET', '/api/getexamtype');
  const name = `Экзамен с проверкой лица ${tag}`;
  // it begins now: in progress at once
  const created = await admin.call<{ data: { ID: number } }>('POST', '/api/exam/newexam', {
    Name: name,
    PlanID: data.planId,
    TypeID: types.data[0]?.ID,
    PassMarks: 1,
    Duration: 60,
    Examenators: [examiner.id],
    BeginTime: new Date().toISOString(),
  });
  await api.dispose();

  // the examiner, whose camera shows them: 'Start' asks for the check first, then opens the room
  const page = await person('jesper.jpg');
  await signIn(page, examiner.iin, examiner.password);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/admin/report-card');
  await page.getByRole('button', { name: `Начать экзамен «${name}»` }).click();
  const check = page.getByRole('dialog', { name: 'Проверка лица' });
  await expect(check.getByTestId('face-consent')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await check.getByRole('button', { name: 'Начать проверку' }).click();
  await expect(page).toHaveURL(`/admin/exam-for-examiner/${created.data.ID}`, { timeout: 60_000 });
  await expect(check).toHaveCount(0);
});

test('a person created with a photo the check cannot use: the account is made, and the photo field says why', async () => {
  test.setTimeout(120_000);
  const page = await person(null);
  await signInAs(page, 'admin');
  await page.goto('/admin/create-user');
  const fullname = `Пейзажева Жанна ${runTag()}`;
  await page.getByLabel('ФИО').fill(fullname);
  await page.getByLabel('ИИН', { exact: true }).fill(freshIin());
  await page.getByLabel('Логин').fill(`landscape${runTag()}`);
  await page.getByLabel('Пароль', { exact: true }).fill('First2026');
  await page.locator('input[type="file"]').setInputFiles(facePhoto('sunset.jpg'));
  await page.getByRole('button', { name: 'Создать' }).click();
  // by the photo field: the account exists, this photo was not taken, and why
  const refusal = page.locator('.ant-form-item', { has: page.getByText('Фотографии', { exact: true }) }).getByRole('alert');
  await expect(refusal).toContainText('Учётная запись создана, но фотография «sunset.jpg» не загружена');
  await expect(refusal).toContainText(/лиц/i);
  await expect(page.getByTestId('created-photos-left')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Открыть учётную запись' }).click();
  await expect(page.getByLabel('ФИО')).toHaveValue(fullname);
});
