import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signInByApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import {
  AdminApi,
  answer,
  answerAt,
  pumpQuestions,
  type QuestionData,
  questionAt,
  questionHeading,
  rightVariant,
  runTag,
  standingOf,
  type TestData,
  type TraineeData,
  wrongVariant,
} from '../support/testing-data.js';

/**
 * Taking tests (learner-and-instructor.md §2 /user/tests, /user/testing/{id}, compact /test and
 * /testing/{id}; §4 test run): every journey makes its own plan, test and trainee through the
 * admin API, so none depends on another.
 */

async function traineeWithTest(
  request: Parameters<typeof AdminApi.signIn>[0],
  options: { name: string; duration: number; passMarks: number; questions: QuestionData[]; fullname: string },
): Promise<{ admin: AdminApi; data: TestData; trainee: TraineeData }> {
  const admin = await AdminApi.signIn(request);
  const data = await admin.createTest({ ...options, name: `${options.name} ${runTag()}` });
  const trainee = await admin.createTrainee(data.planId, options.fullname);
  return { admin, data, trainee };
}

const clock = (page: Page) => page.getByTestId('test-clock-value');

/** Seconds shown by the test clock (mm:ss or h:mm:ss). */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await clock(page).textContent()) ?? '';
  const parts = text.trim().split(':').map(Number);
  expect(
    parts.every((n) => Number.isFinite(n)),
    `clock reads "${text}"`,
  ).toBe(true);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const expectQuestion = (page: Page, number: number, total: number) =>
  expect(page.getByTestId('question-number')).toHaveText(`Вопрос ${number} из ${total}`);

/** The value of a fact (`<dt>` label, `<dd>` value) on the card before the attempt. */
const fact = (card: Locator, label: string) =>
  card
    .locator('dl > div')
    .filter({ has: card.page().getByRole('term').filter({ hasText: label }) })
    .getByRole('definition');

/** The card before the attempt: only its confirm button starts it. */
async function confirmStart(page: Page, button = 'Начать тест') {
  const card = page.getByTestId('test-start-card');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: button }).click();
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU', timezoneId: 'Asia/Almaty' });
  return { context, page: await context.newPage() };
}

test('a trainee takes a 5-question test to the end and sees the result', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { data, trainee } = await traineeWithTest(request, {
    name: 'Ремонт насосов',
    duration: 10,
    passMarks: 70,
    questions: pumpQuestions(),
    fullname: 'Ким Сергей Викторович',
  });

  // the home page shows the first tests and leads to all of them
  await signInByApi(page, trainee);
  await page.goto('/user/main');
  const summary = page.getByTestId('tests-summary');
  await expect(summary.getByText(data.name, { exact: true })).toBeVisible();
  await expect(summary.getByText('Ожидается')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await summary.getByRole('link', { name: 'Все: экзамены и тесты' }).click();
  await expect(page).toHaveURL(/\/user\/tests$/);

  const row = page.getByTestId(`test-row-${data.testId}`);
  await expect(row).toContainText(data.name);
  await expect(row).toContainText('10 минут');
  await expect(row).toContainText(/> 70\s%/);
  await expect(row).toContainText('Ожидается');
  await expectNoSeriousA11yViolations(page);

  // "Начать" opens the test's card: what it is, and nothing started yet
  await row.getByRole('link', { name: `Начать: ${data.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/testing/${data.testId}$`));
  const card = page.getByTestId('test-start-card');
  await expect(page.getByRole('heading', { level: 1, name: data.name })).toBeVisible();
  await expect(fact(card, 'Вопросов')).toHaveText('5');
  await expect(fact(card, 'Длительность')).toHaveText('10 минут');
  await expect(fact(card, 'Условие сдачи')).toHaveText(/> 70\s%/);
  await expect(fact(card, 'Попытки')).toHaveText('Одна попытка; повторно — только по назначенной пересдаче');
  await expect(page.getByTestId('test-clock')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await standingOf(request, trainee, data.testId)).toEqual({ Status: 'Ожидается', AttemptID: null });

  // the same from a bookmark: the card again, still no attempt
  await page.goto(`/user/testing/${data.testId}`);
  await expect(card).toBeVisible();
  expect(await standingOf(request, trainee, data.testId)).toEqual({ Status: 'Ожидается', AttemptID: null });

  // only the confirm button starts the attempt; the questions carry no correct answer
  const questionsAnswer = page.waitForResponse((response) => response.url().includes(`/api/questions/test:${data.testId}`));
  await confirmStart(page);
  const body = await (await questionsAnswer).text();
  expect(body).not.toContain('CorrectAnswer');
  await expect(page.getByRole('heading', { level: 1, name: data.name })).toBeVisible();
  expect(await standingOf(request, trainee, data.testId)).toMatchObject({ Status: 'В процессе', AttemptID: expect.any(Number) });

  // one question at a time from the first, each of the test's once, in the attempt's own order; only
  // the variants with text; the question in position 2 answered wrong
  const seen = new Set<string>();
  for (let position = 1; position <= data.questions.length; position++) {
    await expectQuestion(page, position, 5);
    const question = await questionAt(page, data.questions, position);
    seen.add(question.text);
    await expect(page.getByRole('heading', { level: 2, name: question.text })).toBeVisible();
    await expect(page.getByTestId('question').getByRole('radio')).toHaveCount(question.variants.length);
    if (position === 1) {
      expect(await clockSeconds(page)).toBeGreaterThan(9 * 60);
      await expectNoSeriousA11yViolations(page);
    }
    await answer(page, position === 2 ? wrongVariant(question) : rightVariant(question));
    await expect(page.getByTestId(`nav-${position}`)).toHaveAttribute('data-state', 'saved');
    if (position < data.questions.length) await page.getByRole('button', { name: 'Следующий вопрос' }).click();
  }
  expect(seen.size).toBe(data.questions.length);

  // the result, then the tests list
  const result = page.getByRole('dialog', { name: 'Результат теста' });
  await expect(result).toBeVisible();
  await expect(result.getByTestId('result-correct')).toHaveText('Правильных ответов: 4 из 5');
  await expect(result.getByTestId('result-percent')).toHaveText(/Результат: 80\s%/);
  await expect(result.getByTestId('result-verdict')).toHaveText('Тест пройден');
  await expectNoSeriousA11yViolations(page);
  await result.getByRole('button', { name: 'К списку тестов' }).click();
  await expect(page).toHaveURL(/\/user\/tests$/);
  await expect(row).toContainText('Пройден');
  await expect(row).toContainText('4 из 5');
  await expect(row).toContainText(/80\s%/);
  // the analytics are in the row's details at this width
  await row.getByRole('button', { name: `Подробнее: ${data.name}` }).click();
  const details = row.locator('xpath=following-sibling::tr[1]');
  await expect(details).toContainText(/неверно 20\s%/);
  await expect(details).toContainText(/верно 80\s%/);
  await expect(row.getByRole('link', { name: /Начать/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a reload mid-test resumes at the same question and the timer runs on (compact layout)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { data, trainee } = await traineeWithTest(request, {
    name: 'Насосы: повторение',
    duration: 10,
    passMarks: 60,
    questions: pumpQuestions(),
    fullname: 'Омарова Динара Асхатовна',
  });
  const { context, page } = await phone(browser);
  await signInByApi(page, trainee);
  await page.goto('/test');
  const card = page.getByTestId(`test-row-${data.testId}`);
  await expect(card.getByRole('heading', { name: data.name })).toBeVisible();
  await expect(card).toContainText('Ожидается');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: `Начать: ${data.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/testing/${data.testId}$`));
  await expect(page.getByTestId('test-start-card')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await standingOf(request, trainee, data.testId)).toEqual({ Status: 'Ожидается', AttemptID: null });
  await confirmStart(page);

  await expectQuestion(page, 1, 5);
  await expectNoSeriousA11yViolations(page);
  // the questions in positions 1 and 2 answered, whichever the attempt's order put there
  const shown: QuestionData[] = [];
  for (const position of [1, 2]) {
    shown.push(await answerAt(page, data.questions, position));
    await page.getByRole('button', { name: 'Следующий вопрос' }).click();
  }
  await expectQuestion(page, 3, 5);
  const third = await questionAt(page, data.questions, 3);
  const attempt = await page.getByTestId('test-run').getAttribute('data-attempt-id');
  const before = await clockSeconds(page);
  expect(before).toBeLessThanOrEqual(10 * 60);

  // some seconds go by on the clock
  await expect.poll(() => clockSeconds(page), { timeout: 10_000 }).toBeLessThanOrEqual(before - 3);
  // a running attempt resumes at once, without the card, in the order it had: the same question in position 3
  await page.reload();
  await expectQuestion(page, 3, 5);
  await expect(questionHeading(page)).toHaveText(third.text);
  await expect(page.getByTestId('test-start-card')).toHaveCount(0);
  await expect(page.getByTestId('test-run')).toHaveAttribute('data-attempt-id', attempt as string);
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('nav-2')).toHaveAttribute('data-state', 'saved');
  await expect(clock(page)).not.toHaveText('--:--');
  const after = await clockSeconds(page);
  // not reset to the full 10 minutes: the server's remaining time went on while the page reloaded
  expect(after).toBeLessThanOrEqual(before - 2);
  expect(after).toBeGreaterThan(before - 30);
  // and it keeps ticking each second
  await expect.poll(() => clockSeconds(page), { timeout: 5_000 }).toBeLessThan(after);
  // positions 1 and 2 still hold the questions answered there, with those answers
  for (const [index, question] of shown.entries()) {
    await page.getByTestId(`nav-${index + 1}`).click();
    await expectQuestion(page, index + 1, 5);
    await expect(questionHeading(page)).toHaveText(question.text);
    await expect(page.getByTestId('question').getByRole('radio', { name: rightVariant(question), exact: true })).toBeChecked();
  }
  await context.close();
});

test('an answer given offline stays queued with a warning, survives a reload, and is sent when back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { data, trainee } = await traineeWithTest(request, {
    name: 'Насосы: без связи',
    duration: 10,
    passMarks: 60,
    questions: pumpQuestions(),
    fullname: 'Байжанов Нурлан Ерикович',
  });
  await signInByApi(page, trainee);
  await page.goto(`/user/testing/${data.testId}`);
  await confirmStart(page);
  await expectQuestion(page, 1, 5);

  // the answers cannot reach the server
  await page.route('**/api/answer/new', (route) => route.abort('internetdisconnected'));
  const first = await questionAt(page, data.questions, 1);
  await page
    .getByTestId('question')
    .getByRole('radio', { name: rightVariant(first), exact: true })
    .check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(page.getByTestId('answer-pending')).toBeVisible();
  await expect(page.getByTestId('answer-saved')).toHaveCount(0);
  const warning = page.getByTestId('unsent-answers');
  await expect(warning).toContainText('Есть неотправленные ответы');
  await expect(warning).toContainText('1 ответ ещё не дошёл до сервера.');
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'pending');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Следующий вопрос' }).click();
  const second = await questionAt(page, data.questions, 2);
  await page
    .getByTestId('question')
    .getByRole('radio', { name: rightVariant(second), exact: true })
    .check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(warning).toContainText('2 ответа ещё не дошли до сервера.');

  // a reload keeps both: they wait in the browser and the run resumes after them
  await page.reload();
  await expectQuestion(page, 3, 5);
  await expect(warning).toContainText('2 ответа ещё не дошли до сервера.');
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('nav-2')).toHaveAttribute('data-state', 'pending');

  // back online: they are sent by themselves, and only then read "saved"
  await page.unroute('**/api/answer/new');
  await expect(warning).toBeHidden({ timeout: 25_000 });
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('nav-2')).toHaveAttribute('data-state', 'saved');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('oqu:answers:')))).toEqual([]);

  // the server has them: a fresh load shows both saved
  await page.reload();
  await expectQuestion(page, 3, 5);
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('nav-2')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('nav-1').click();
  await expectQuestion(page, 1, 5);
  await expect(questionHeading(page)).toHaveText(first.text);
  await expect(page.getByTestId('answer-saved')).toBeVisible();
  await expect(page.getByTestId('question').getByRole('radio', { name: rightVariant(first), exact: true })).toBeChecked();
});

test('a one-minute test times out with the dialog, and OK returns to the tests list', async ({ page, request }) => {
  test.setTimeout(150_000);
  const questions = pumpQuestions().slice(0, 3);
  const { data, trainee } = await traineeWithTest(request, {
    name: 'Насосы: минута',
    duration: 1,
    passMarks: 50,
    questions,
    fullname: 'Сейткали Асем Маратовна',
  });
  await signInByApi(page, trainee);
  await page.goto('/user/tests');
  await page.getByRole('link', { name: `Начать: ${data.name}` }).click();
  await confirmStart(page);
  await expectQuestion(page, 1, 3);
  expect(await clockSeconds(page)).toBeLessThanOrEqual(60);
  await answerAt(page, questions, 1);

  const dialog = page.getByRole('dialog', { name: 'Время вышло!' });
  await expect(dialog).toBeVisible({ timeout: 80_000 });
  await expect(clock(page)).toHaveText('00:00');
  await expect(page.getByRole('button', { name: 'Ответить' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // the page is never reloaded from here: the list must learn the outcome by itself
  await page.evaluate(() => {
    (window as Window & { notReloaded?: boolean }).notReloaded = true;
  });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/user\/tests$/);

  // the server closed and scored the attempt: 1 of 3 is not more than 50 %
  const row = page.getByTestId(`test-row-${data.testId}`);
  await expect(row).toContainText('Не пройден');
  await expect(row).toContainText('1 из 3');
  await expect(row.getByRole('link', { name: `Продолжить: ${data.name}` })).toHaveCount(0);
  expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('an admin assigns a retake and the trainee takes the test again on its date', async ({ page, request }) => {
  test.setTimeout(150_000);
  const questions = pumpQuestions().slice(0, 2);
  const { admin, data, trainee } = await traineeWithTest(request, {
    name: 'Насосы: пересдача',
    duration: 5,
    passMarks: 50,
    questions,
    fullname: 'Тлеубаев Арман Серикович',
  });

  // the first attempt fails
  await signInByApi(page, trainee);
  await page.goto('/user/tests');
  await page.getByRole('link', { name: `Начать: ${data.name}` }).click();
  await confirmStart(page);
  for (const position of [1, 2]) {
    await expectQuestion(page, position, 2);
    await answerAt(page, questions, position, wrongVariant);
    if (position === 1) await page.getByRole('button', { name: 'Следующий вопрос' }).click();
  }
  const result = page.getByRole('dialog', { name: 'Результат теста' });
  await expect(result.getByTestId('result-verdict')).toHaveText('Тест не пройден');
  await expect(result.getByTestId('result-correct')).toHaveText('Правильных ответов: 0 из 2');
  await result.getByRole('button', { name: 'К списку тестов' }).click();
  const row = page.getByTestId(`test-row-${data.testId}`);
  await expect(row).toContainText('Не пройден');

  // a retake from a moment a little ahead: 'Пересдача' at once, the button only from its date
  await admin.createRetake(trainee.id, data.testId, new Date(Date.now() + 20_000));
  await page.reload();
  await expect(row).toContainText('Пересдача');
  await expect(row.getByRole('link', { name: `Пересдать: ${data.name}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // before its date the card says when it opens and offers no start
  await page.goto(`/user/testing/${data.testId}`);
  const card = page.getByTestId('test-start-card');
  await expect(card.getByTestId('test-start-blocked')).toContainText('Пересдача откроется');
  await expect(card.getByRole('button', { name: 'Начать пересдачу' })).toHaveCount(0);
  await page.getByRole('link', { name: 'К списку тестов' }).click();

  // the list offers it by itself once its date comes
  const retake = row.getByRole('link', { name: `Пересдать: ${data.name}` });
  await expect(retake).toBeVisible({ timeout: 60_000 });

  // a new attempt from the first question, once confirmed
  await retake.click();
  await expect(page).toHaveURL(new RegExp(`/user/testing/${data.testId}$`));
  await expect(fact(card, 'Попытки')).toHaveText('Пересдача: одна новая попытка');
  await confirmStart(page, 'Начать пересдачу');
  await expectQuestion(page, 1, 2);
  await expect(page.getByTestId('nav-1')).toHaveAttribute('data-state', 'none');
  for (const position of [1, 2]) {
    await expectQuestion(page, position, 2);
    await answerAt(page, questions, position, rightVariant);
    if (position === 1) await page.getByRole('button', { name: 'Следующий вопрос' }).click();
  }
  await expect(result.getByTestId('result-verdict')).toHaveText('Тест пройден');
  await expect(result.getByTestId('result-correct')).toHaveText('Правильных ответов: 2 из 2');
  await result.getByRole('button', { name: 'К списку тестов' }).click();
  await expect(row).toContainText('Пройден');
  await expect(row).toContainText('2 из 2');
});
