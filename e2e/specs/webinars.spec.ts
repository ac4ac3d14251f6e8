import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signInByApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { choose, typeIntoPicker } from '../support/forms.js';
import { AdminApi, pumpQuestions, runTag, standingOf, type TestData, type TraineeData } from '../support/testing-data.js';

/**
 * A live webinar from its schedule to its end (learner-and-instructor.md §2 webinar screens and the
 * Webinar room, §4 transitions; admin-back-office.md §2 Webinars): the admin schedules it, the
 * teacher runs it, a trainee takes part in another browser context and sees everything live.
 */

const ZONE = 'Asia/Almaty';

/** The next 5-minute slot at least `minutes` ahead, as the form's DD.MM.YYYY and HH:mm in the organisation's zone. */
function slotAhead(minutes: number) {
  const step = 5 * 60_000;
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / step) * step);
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { at, date, time };
}

/** A small real PDF (its content is what the server checks). */
function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
}

async function context(browser: Browser, compact = false): Promise<{ context: BrowserContext; page: Page }> {
  const created = await browser.newContext({
    locale: 'ru-RU',
    timezoneId: ZONE,
    viewport: compact ? { width: 390, height: 844 } : { width: 1366, height: 850 },
  });
  return { context: created, page: await created.newPage() };
}

async function webinarWithTest(admin: AdminApi, name: string): Promise<{ data: TestData; trainee: TraineeData }> {
  const data = await admin.createTest({
    name: `Тест вебинара ${name}`,
    duration: 10,
    passMarks: 50,
    questions: pumpQuestions(),
    webinar: true,
  });
  const trainee = await admin.createTrainee(data.planId, `Слушатель ${name}`);
  return { data, trainee };
}

/** Signs someone in through the API; answers a call function carrying their token that expects `status` (200 unless told). */
async function apiAs(request: APIRequestContext, iin: string, password: string) {
  const login = await request.post('/api/user/login', { data: { iin, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).user.Token as string;
  return async (path: string, data: unknown, status = 200) => {
    const response = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return response.json();
  };
}

/** Presses `button` in the dialog titled `title` once the dialog has finished opening (a click mid-animation can be lost). */
async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('admin schedules, the teacher runs the webinar, a trainee takes part live and is sent to the main test at the end', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = runTag();
  const name = `Вебинар по насосам ${tag}`;
  const admin = await AdminApi.signIn(request);
  const { data, trainee } = await webinarWithTest(admin, tag);
  const slot = slotAhead(10);

  // the admin schedules it through the form
  const office = await context(browser);
  await signInByApi(office.page, 'admin');
  await office.page.goto('/admin/create-webinar');
  await office.page.getByLabel('Название', { exact: true }).fill(name);
  await choose(office.page, 'План обучения', `План: Тест вебинара ${tag}`);
  await choose(office.page, 'Тема', `Тема: Тест вебинара ${tag}`);
  await typeIntoPicker(office.page, 'Дата', slot.date);
  await typeIntoPicker(office.page, 'Время', slot.time);
  await office.page.getByLabel('Длительность, минут', { exact: true }).fill('60');
  await choose(office.page, 'Преподаватель', ACCOUNTS.teacher.name);
  await office.page.getByTestId('webinar-form-submit').click();
  await expect(office.page).toHaveURL(/\/admin\/webinars$/);
  await expect(office.page.getByRole('row', { name: new RegExp(name) })).toContainText(ACCOUNTS.teacher.name);
  const found = await admin.call<{ data: { ID: number; BeginTime: string }[] }>(
    'GET',
    `/api/web/getwebinars?search=${encodeURIComponent(name)}`,
  );
  expect(found.data).toHaveLength(1);
  const id = found.data[0]?.ID as number;
  expect(new Date(found.data[0]?.BeginTime as string).getTime()).toBe(slot.at.getTime());
  await office.context.close();

  // the teacher starts it from their list and lands in the conducting room
  const teacher = await context(browser);
  await signInByApi(teacher.page, 'teacher');
  await teacher.page.goto('/admin/webinar');
  await teacher.page.getByTestId(`teacher-webinar-start-${id}`).click();
  await expect(teacher.page).toHaveURL(`/admin/start-webinar/${id}`);
  await expect(teacher.page.getByTestId('conduct-room')).toBeVisible();

  // the trainee joins from their list
  const learner = await context(browser);
  await signInByApi(learner.page, trainee);
  await learner.page.goto('/user/webinars');
  await learner.page.getByTestId(`webinar-join-${id}`).click();
  await expect(learner.page).toHaveURL(`/user/webinar-view/${id}`);
  const room = learner.page;
  await expect(room.getByTestId('room-connection')).toHaveAttribute('data-state', 'open');
  await expect(room.getByTestId('stream-player')).toBeVisible();

  // a chat message from the teacher reaches the trainee without a reload
  const hello = `Добрый день! Начинаем занятие ${tag}`;
  await teacher.page.getByTestId('room-chat-input').fill(hello);
  await teacher.page.getByTestId('room-chat-send').click();
  await expect(room.getByTestId('room-chat-list')).toContainText(hello);
  // the teacher sees the trainee online
  await expect(teacher.page.getByTestId('room-online')).toContainText('1');

  // a document the teacher uploads appears in the room and downloads as it was sent
  const memo = pdf(`Памятка ${tag}`);
  await teacher.page
    .getByTestId('room-doc-upload')
    .setInputFiles({ name: 'Памятка по насосам.pdf', mimeType: 'application/pdf', buffer: memo });
  await expect(room.getByTestId('room-docs')).toContainText('Памятка по насосам.pdf');
  const download = room.waitForEvent('download');
  await room.locator('[data-testid^="room-doc-download-"]').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Памятка по насосам.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  expect(Buffer.concat(chunks).equals(memo)).toBe(true);

  await expectNoSeriousA11yViolations(teacher.page);
  await expectNoSeriousA11yViolations(room);

  // the teacher starts the webinar's test: the trainee is offered it at once
  await teacher.page.getByTestId('room-tests-count').click();
  await expect(teacher.page).toHaveURL(`/admin/webinar-exams/${id}`);
  await teacher.page.getByTestId(`webinar-test-start-${data.testId}`).click();
  await confirmIn(teacher.page, `Начать тестирование «Тест вебинара ${tag}»?`, 'Начать тестирование');
  await expect(teacher.page.locator('.ant-modal-confirm-title', { hasText: 'Тестирование началось' })).toBeVisible();
  await expect(room.getByTestId('test-offer-modal')).toBeVisible();
  await room.getByTestId('test-offer-later').click();
  await expect(room.getByTestId('test-offer-modal')).toBeHidden();

  // the trainee asks a question in a new tab; the teacher answers it with a file
  const question = `Как часто проверять соосность валов? ${tag}`;
  const ask = await learner.context.newPage();
  await ask.goto(`/user/chat-webinar/${id}`);
  await ask.getByTestId('ask-text').fill(question);
  await ask.getByTestId('ask-send').click();
  await expect(ask).toHaveURL(`/user/chat-webinar-messages/${id}`);
  await expect(ask.getByTestId('thread-question')).toContainText(question);

  const inbox = await teacher.context.newPage();
  await inbox.goto('/admin/questions-webinars');
  await inbox.locator('[data-testid^="inbox-thread-"]', { hasText: trainee.fullname }).click();
  await expect(inbox.locator('[data-testid^="inbox-pane-"]')).toContainText(question);
  const reply = `Проверяйте после каждого ремонта ${tag}`;
  await inbox.getByTestId('thread-reply').fill(reply);
  await inbox.getByTestId('thread-file').setInputFiles({ name: 'Регламент.pdf', mimeType: 'application/pdf', buffer: pdf('Регламент') });
  await inbox.getByTestId('thread-send').click();
  await expect(inbox.locator('[data-testid^="inbox-pane-"]')).toContainText('Регламент.pdf');

  await ask.reload();
  const answer = ask.locator('[data-testid^="thread-answer-"]', { hasText: reply });
  await expect(answer).toBeVisible();
  await expect(answer.locator('[data-testid^="thread-file-link-"]')).toHaveText(/Регламент\.pdf/);
  await ask.close();

  // the teacher ends the webinar (the dialog says the open test awaits the attendees): back to their
  // list; the trainee goes to the main test, still open, and takes it once they confirm
  await teacher.page.goto(`/admin/start-webinar/${id}`);
  await teacher.page.getByTestId('room-end').click();
  await expect(teacher.page.getByTestId('room-end-text')).toContainText(`Итоговый тест «Тест вебинара ${tag}» открыт до`);
  await confirmIn(teacher.page, 'Завершить вебинар?', 'Завершить');
  await expect(teacher.page).toHaveURL('/admin/webinar');
  await expect(teacher.page.getByTestId(`teacher-webinar-done-${id}`)).toBeDisabled();
  await expect(room).toHaveURL(`/user/testing/${data.testId}`);
  await room.getByTestId('test-start-confirm').click();
  await expect(room.getByTestId('question-number')).toHaveText('Вопрос 1 из 5');

  await teacher.context.close();
  await learner.context.close();
});

test('the compact rooms: the trainee sees the teacher’s message live; the end opens the main test never opened and sends the trainee to it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const admin = await AdminApi.signIn(request);
  const { data, trainee } = await webinarWithTest(admin, tag);
  // a second webinar test on the topic, never opened
  const extra = await admin.call<{ data: { ID: number } }>('POST', '/api/exam/newtest', {
    Name: `Закрепление ${tag}`,
    PlanID: data.planId,
    TopicID: data.topicId,
    Duration: 5,
    PassMarks: 50,
    Type: true,
    Position: 2,
  });
  const id = await admin.createWebinar(data, `Вебинар в телефоне ${tag}`, slotAhead(10).at);

  const teacher = await context(browser, true);
  await signInByApi(teacher.page, 'teacher');
  await teacher.page.goto('/webinars-instructor');
  await teacher.page.getByTestId(`teacher-webinar-start-${id}`).click();
  await expect(teacher.page).toHaveURL(`/webinar-start/${id}`);

  const learner = await context(browser, true);
  await signInByApi(learner.page, trainee);
  await learner.page.goto('/webinars');
  await learner.page.getByTestId(`webinar-join-${id}`).click();
  await expect(learner.page).toHaveURL(`/webinar-view/${id}`);
  await expect(learner.page.getByTestId('room-connection')).toHaveAttribute('data-state', 'open');

  const hello = `Слышно ли меня? ${tag}`;
  await teacher.page.getByTestId('room-chat-input').fill(hello);
  await teacher.page.getByTestId('room-chat-input').press('Enter');
  await expect(learner.page.getByTestId('room-chat-list')).toContainText(hello);
  await expectNoSeriousA11yViolations(teacher.page);
  await expectNoSeriousA11yViolations(learner.page);

  // the main test was never opened: the dialog says the end opens it
  await teacher.page.getByTestId('room-end').click();
  await expect(teacher.page.getByTestId('room-end-text')).toContainText(
    `Итоговый тест «Тест вебинара ${tag}» откроется для слушателей (длительность — 10 минут), и они перейдут к нему.`,
  );
  await confirmIn(teacher.page, 'Завершить вебинар?', 'Завершить');
  await expect(teacher.page).toHaveURL('/webinars-instructor');

  // the trainee lands on a test they can take: its card, and the attempt only once they confirm
  await expect(learner.page).toHaveURL(`/testing/${data.testId}`);
  const card = learner.page.getByTestId('test-start-card');
  await expect(card.getByTestId('test-start-clock-note')).toContainText('Это тест вебинара');
  expect(await standingOf(request, trainee, data.testId)).toEqual({ Status: 'Ожидается', AttemptID: null });
  await expectNoSeriousA11yViolations(learner.page);
  await card.getByTestId('test-start-confirm').click();
  await expect(learner.page.getByTestId('question-number')).toHaveText('Вопрос 1 из 5');
  expect(await standingOf(request, trainee, data.testId)).toMatchObject({ Status: 'В процессе', AttemptID: expect.any(Number) });

  // after the end the teacher is offered nothing the server would refuse: the opened test runs,
  // the other shows its start disabled with the reason — and the server does refuse it
  await teacher.page.goto(`/webinar-exams/${id}`);
  await expect(teacher.page.getByTestId(`webinar-test-${data.testId}`)).toContainText('Идёт');
  await expect(teacher.page.getByTestId(`webinar-test-start-${data.testId}`)).toHaveCount(0);
  const closed = teacher.page.getByTestId(`webinar-test-start-${extra.data.ID}`);
  await expect(closed).toBeDisabled();
  await expect(teacher.page.getByTestId(`webinar-test-${extra.data.ID}`)).toContainText('Открыть тест можно только во время вебинара');
  await expectNoSeriousA11yViolations(teacher.page);
  const asTeacher = await apiAs(request, ACCOUNTS.teacher.iin, ACCOUNTS.teacher.password);
  expect((await asTeacher('/api/test/starttest', { TestID: extra.data.ID }, 422)).message).toBe(
    'Тест можно открыть только во время вебинара',
  );

  await teacher.context.close();
  await learner.context.close();
});

test('an examiner reads a live webinar without the teacher’s controls and without the event stream, in both layouts', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const admin = await AdminApi.signIn(request);
  const { data } = await webinarWithTest(admin, tag);
  const id = await admin.createWebinar(data, `Вебинар для экзаменатора ${tag}`, slotAhead(10).at);
  const asTeacher = await apiAs(request, ACCOUNTS.teacher.iin, ACCOUNTS.teacher.password);
  await asTeacher('/api/web/startweb', { WebID: id });
  const hello = `Сообщение для экзаменатора ${tag}`;
  await asTeacher('/api/chat/message', { Message: hello, WebID: id });

  for (const compact of [true, false]) {
    const { context: examinerContext, page } = await context(browser, compact);
    const streams: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/web/events/')) streams.push(sent.url());
    });
    await signInByApi(page, 'examiner');
    // reading it polls instead: the webinar is asked for again after the first load
    const polled = page
      .waitForRequest((sent) => sent.url().endsWith(`/api/web/getweb/${id}`))
      .then(() => page.waitForRequest((sent) => sent.url().endsWith(`/api/web/getweb/${id}`)));
    await page.goto(compact ? `/webinar-start/${id}` : `/admin/webinars-view/${id}`);
    await expect(page.getByTestId(compact ? 'conduct-room' : 'webinar-view')).toBeVisible();
    await expect(page.getByTestId('room-chat-list')).toContainText(hello);
    await expect(page.getByTestId('room-end')).toHaveCount(0);
    await expect(page.getByTestId('room-doc-upload')).toHaveCount(0);
    await expect(page.getByTestId('room-chat-input')).toHaveCount(0);
    await expect(page.getByTestId('room-connection')).toHaveAttribute('data-state', 'unavailable');
    await polled;
    expect(streams).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await examinerContext.close();
  }
});

test('the read-only views and the trainee’s other screens: admin view and questions, webinar tests, compact thread', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const admin = await AdminApi.signIn(request);
  const { data, trainee } = await webinarWithTest(admin, tag);
  const id = await admin.createWebinar(data, `Вебинар для просмотра ${tag}`, slotAhead(10).at);
  const asTeacher = await apiAs(request, ACCOUNTS.teacher.iin, ACCOUNTS.teacher.password);
  const asTrainee = await apiAs(request, trainee.iin, trainee.password);
  const hello = `Сообщение для проверки ${tag}`;
  const question = `Где взять регламент? ${tag}`;
  await asTeacher('/api/chat/message', { Message: hello, WebID: id });
  await asTrainee('/problem/new', { QuestionText: question, WebID: id });
  await asTeacher('/api/test/starttest', { TestID: data.testId });

  // the admin's read-only view of the webinar and of the questions
  const office = await context(browser);
  await signInByApi(office.page, 'admin');
  await office.page.goto(`/admin/webinars-view/${id}`);
  await expect(office.page.getByTestId('webinar-view')).toBeVisible();
  await expect(office.page.getByTestId('view-teacher')).toHaveText(ACCOUNTS.teacher.name);
  await expect(office.page.getByTestId('room-chat-list')).toContainText(hello);
  await expectNoSeriousA11yViolations(office.page);
  await office.page.goto('/admin/admin-questions');
  await office.page.locator('[data-testid^="inbox-thread-"]', { hasText: trainee.fullname }).click();
  await expect(office.page.locator('[data-testid^="inbox-pane-"]')).toContainText(question);
  await expect(office.page.getByTestId('inbox-read-only')).toBeVisible();
  await expect(office.page.getByTestId('thread-reply')).toHaveCount(0);
  await office.context.close();

  // the trainee's list of the webinar's tests (full layout): the opened test can be taken
  const learner = await context(browser);
  await signInByApi(learner.page, trainee);
  await learner.page.goto(`/user/test-list/${id}`);
  await expect(learner.page.getByTestId(`webinar-test-${data.testId}`)).toContainText(`Тест вебинара ${tag}`);
  await expect(learner.page.getByTestId(`webinar-test-start-${data.testId}`)).toBeVisible();
  await learner.context.close();

  // compact: the conversation continues, and the test starts from the webinar's list
  const phone = await context(browser, true);
  await signInByApi(phone.page, trainee);
  await phone.page.goto(`/webinar-chatquestions/${id}`);
  await expect(phone.page.getByTestId('thread-question')).toContainText(question);
  const more = `И ещё: нужен ли допуск? ${tag}`;
  await phone.page.getByTestId('thread-reply').fill(more);
  await phone.page.getByTestId('thread-send').click();
  await expect(phone.page.locator('[data-testid^="thread-answer-"]', { hasText: more })).toBeVisible();
  await expect(phone.page.getByTestId('thread-reply')).toHaveValue('');
  await expectNoSeriousA11yViolations(phone.page);
  await phone.page.goto(`/test-list/${id}`);
  await phone.page.getByTestId(`webinar-test-start-${data.testId}`).click();
  await expect(phone.page).toHaveURL(`/testing/${data.testId}`);
  await expect(phone.page.getByTestId('test-start-confirm')).toBeVisible();
  await phone.context.close();
});
