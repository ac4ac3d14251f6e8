import { ExamType } from '@oqu/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signInByApi } from '../support/accounts.js';
import { expectWcagClean } from '../support/axe.js';
import { focused, heard, isFocused, listenToLiveRegions, tabTo } from '../support/keyboard.js';
import { settle } from '../support/settle.js';
import {
  AdminApi,
  pumpQuestions,
  type QuestionData,
  questionAt,
  questionHeading,
  rightVariant,
  runTag,
  type TraineeData,
  wrongVariant,
} from '../support/testing-data.js';

/**
 * Three flows with the keyboard alone (issue «Keyboard and screen reader»): the trainee's test, the
 * examiner's exam, the admin's new-user form, each also at 200 % zoom (640×360) where the issue saw
 * it fail. Keys are pressed and typed, nothing is clicked; each step checks where the focus is and
 * what the live regions said (support/keyboard.ts). Each flow makes its own records, so they run in
 * parallel.
 */
test.describe.configure({ mode: 'parallel' });

// ── the trainee ──
/**
 * The trainee's test with the keyboard only (issue #28: focus never lost, the live regions say what
 * changed, usable at 200 % zoom). No control is clicked: keys are pressed, and at every step the
 * test says where focus is and what the live regions said. Each journey makes its own test and
 * trainee through the admin API.
 */

/** The run's live region: which question is shown. */
const announcement = (page: Page) => page.getByTestId('run-announcement');
/** The question card's live region: the answer's state. */
const answerStatus = (page: Page) => page.getByTestId('question').getByRole('status');

/** After every step: a check of its own (the 640×360 journey's fit), nothing on the desktop. */
type Check = (page: Page) => Promise<void>;

/**
 * Chooses `text` among the variants by keyboard (Tab into the group, Space, arrows), then «Ответить»:
 * the answer is announced once, as saved — never "not sent yet" for an answer the server took at once.
 */
async function answerByKeyboard(page: Page, text: string, check: Check) {
  const question = page.getByTestId('question');
  // the group is one Tab stop
  await expect(question.locator('input[type="radio"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveRole('radio');
  await page.keyboard.press('Space');
  await expect(focused(page)).toBeChecked();
  const wanted = question.getByRole('radio', { name: text, exact: true });
  for (let presses = 0; presses < 6 && !(await isFocused(wanted)); presses++) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeFocused();
  await expect(wanted).toBeChecked();
  await check(page);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Ответить');
  await check(page);
  await heard(page);
  await page.keyboard.press('Enter');
  await expect(answerStatus(page)).toHaveText('Ответ сохранён');
  const said = await heard(page);
  expect(said).toContain('Ответ сохранён');
  expect(said.filter((text) => /не отправлен|неотправленные/.test(text))).toEqual([]);
}

/** The question shown is `position` of `total`: its heading has focus, and the run's live region said so. */
async function expectQuestionShown(page: Page, questions: readonly QuestionData[], position: number, check: Check) {
  const question = await questionAt(page, questions, position);
  await expect(questionHeading(page)).toBeFocused();
  await expect(focused(page)).toHaveAccessibleName(question.text);
  await expect(announcement(page)).toHaveText(`Вопрос ${position} из ${questions.length}`);
  expect(await heard(page)).toContain(`Вопрос ${position} из ${questions.length}`);
  await check(page);
  return question;
}

/**
 * From the tests list (or the home page): «Начать» to the start card, «Начать тест», each question
 * answered by keyboard (the one at `wrongAt` wrong), «Следующий вопрос» between them; `detour` runs
 * once after the answer at position 2. Ends with the result dialog open.
 */
async function takeTest(
  page: Page,
  data: { name: string; questions: QuestionData[] },
  options: { check: Check; wrongAt?: number; detour?: () => Promise<void> },
) {
  const { check } = options;
  await tabTo(page, page.getByRole('link', { name: `Начать: ${data.name}` }));
  await check(page);
  await page.keyboard.press('Enter');
  // the start card: focus on the test's name, not on its start button (a second Enter would press it)
  await expect(page.getByTestId('test-start-card')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: data.name })).toBeFocused();
  await check(page);
  await tabTo(page, page.getByRole('button', { name: 'Начать тест' }));
  await check(page);
  await heard(page);
  await page.keyboard.press('Enter');

  const total = data.questions.length;
  for (let position = 1; position <= total; position++) {
    const question = await expectQuestionShown(page, data.questions, position, check);
    await answerByKeyboard(page, position === options.wrongAt ? wrongVariant(question) : rightVariant(question), check);
    await expect(page.getByTestId(`nav-${position}`)).toHaveAttribute('data-state', 'saved');
    if (position === total) break;
    // «Ответить» gave way to «Следующий вопрос», and focus went with it
    await expect(focused(page)).toHaveAccessibleName('Следующий вопрос');
    await check(page);
    if (position === 2 && options.detour) await options.detour();
    await page.keyboard.press('Enter');
  }
}

test('a trainee signs in, takes a test and reads the result with the keyboard only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await AdminApi.signIn(request);
  const questions = pumpQuestions();
  const data = await admin.createTest({ name: `Насосы с клавиатуры ${runTag()}`, duration: 10, passMarks: 70, questions });
  const trainee = await admin.createTrainee(data.planId, 'Искаков Тимур Нурланович');
  await page.addInitScript(listenToLiveRegions);
  const none: Check = async () => {};

  // sign-in through the form
  await page.goto('/');
  await tabTo(page, page.getByLabel('ИИН или табельный номер'));
  await page.keyboard.type(trainee.iin);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Пароль', { exact: true })).toBeFocused();
  await page.keyboard.type(trainee.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/main$/);
  // a new page: focus on its title
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // the numbered buttons: back to the first question, whose answer stays, then on to the next open one
  const detour = async () => {
    const first = page.getByRole('button', { name: 'Вопрос 1: ответ сохранён' });
    await tabTo(page, first);
    await page.keyboard.press('Enter');
    await expectQuestionShown(page, questions, 1, none);
    await expect(page.getByTestId('question').getByRole('radio', { checked: true })).toBeDisabled();
    await tabTo(page, page.getByRole('button', { name: 'Следующий вопрос' }));
  };
  await takeTest(page, data, { check: none, wrongAt: 2, detour });

  // after the last answer: the result dialog, its button focused and described by the result
  const dialog = page.getByRole('dialog', { name: 'Результат теста' });
  await expect(dialog).toBeVisible();
  const ok = dialog.getByRole('button', { name: 'К списку тестов' });
  await expect(ok).toBeFocused();
  await expect(ok).toHaveAccessibleDescription(/Тест пройден\s*Правильных ответов: 4 из 5\s*Результат: 80\s%/);
  // focus stays in the dialog
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();

  // Escape closes it: the result stays on the page and takes focus
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('run-result');
  await expect(card.getByRole('heading', { level: 2, name: 'Результат теста' })).toBeFocused();
  await expect(card.getByTestId('result-correct')).toHaveText('Правильных ответов: 4 из 5');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'К списку тестов' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/tests$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId(`test-row-${data.testId}`)).toContainText('Пройден');
});

/**
 * Runs in the page at 640×360: why the page does not fit, or null. Nothing scrolls sideways; the
 * focused element is inside the window and not under anything (the sticky header or clock); the
 * clock is not under the header.
 */
function fitProblem(): string | null {
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) return `the page is ${root.scrollWidth} px wide in ${root.clientWidth}`;
  const name = (element: Element | null) => element?.outerHTML.slice(0, 120) ?? 'nothing';
  const covered = (element: Element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 6));
    return hit && (element.contains(hit) || hit.contains(element)) ? null : `${name(element)} is under ${name(hit)}`;
  };
  const active = document.activeElement;
  if (!active || active === document.body) return 'focus is on <body>';
  const box = active.getBoundingClientRect();
  // (a pixel's rounding aside)
  if (box.top < -1 || box.left < -1 || box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1) {
    return `${name(active)} is at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}, outside ${window.innerWidth}×${window.innerHeight}`;
  }
  const clock = document.querySelector('[data-testid="test-clock"]');
  return covered(active) ?? (clock && !active.closest('[role="dialog"]') ? covered(clock) : null);
}

const fits: Check = async (page) => {
  await expect.poll(() => page.evaluate(fitProblem)).toBeNull();
};

test('at 640×360 (200 % zoom) the test run fits and the focused control stays in view', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await AdminApi.signIn(request);
  const questions = pumpQuestions().slice(0, 3);
  const data = await admin.createTest({ name: `Насосы при увеличении ${runTag()}`, duration: 10, passMarks: 50, questions });
  const trainee = await admin.createTrainee(data.planId, 'Нургалиева Жанар Ермековна');
  const context = await browser.newContext({ viewport: { width: 640, height: 360 }, locale: 'ru-RU', timezoneId: 'Asia/Almaty' });
  const page = await context.newPage();
  await page.addInitScript(listenToLiveRegions);
  await signInByApi(page, trainee);
  await page.goto('/test');

  await takeTest(page, data, { check: fits });

  // the result dialog fits the short window: its button is in view when it opens and after Tab
  const dialog = page.getByRole('dialog', { name: 'Результат теста' });
  const ok = dialog.getByRole('button', { name: 'К списку тестов' });
  await expect(ok).toBeFocused();
  await fits(page);
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await fits(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('run-result').getByRole('heading', { name: 'Результат теста' })).toBeFocused();
  await fits(page);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('run-result').getByRole('button', { name: 'К списку тестов' })).toBeFocused();
  await fits(page);
  await context.close();
});

// ── the examiner ──
/**
 * The examiner's exam with the keyboard only (issue «Keyboard and screen reader», WCAG 2.4.3, 4.1.3):
 * no click, each step checks where the focus is and what the page says to a screen reader (its live
 * regions, the focused heading). The header's user menu gives the focus back on Escape; a new page
 * puts it on its h1 and names itself in the tab's title; opening a region puts it on the region's
 * heading, «Ко всем регионам» back on the region's tile; a decision keeps it on its button and says
 * what was saved; an undone decision leaves it on «Принять»; every confirmation opens on «Отмена»,
 * with its explanation as the dialog's description; Escape closes the completion's dialog; completing
 * the exam leaves the focus on «К результатам»; a side menu link leaves it on the new page's heading.
 */

test.describe('the examiner, keyboard only', () => {
  const tag = runTag();
  const examName = `Экзамен с клавиатуры ${tag}`;
  let examId: number;
  let examiner: TraineeData;
  let ann: TraineeData;
  let bob: TraineeData;

  test.beforeAll(async ({ request }) => {
    // an exam of its own in progress (it began now), no regions: its trainees form one group; the pass
    // mark is one test, which neither trainee has passed, so accepting one asks first
    const admin = await AdminApi.signIn(request);
    const data = await admin.createTest({ name: `Клавиатура ${tag}`, duration: 10, passMarks: 60, questions: pumpQuestions() });
    examiner = await admin.createStaff(2, 'Клавишева Мадина Ерлановна');
    ann = await admin.createTrainee(data.planId, `Аманова Анна ${tag}`);
    bob = await admin.createTrainee(data.planId, `Борисов Борис ${tag}`);
    const created = await admin.call<{ data: { ID: number } }>('POST', '/api/exam/newexam', {
      Name: examName,
      PlanID: data.planId,
      TypeID: ExamType.Periodic,
      BeginTime: new Date().toISOString(),
      Duration: 60,
      PassMarks: 1,
      Examenators: [examiner.id],
    });
    examId = created.data.ID;
  });

  test('opens a region, decides, undoes, and completes the exam', async ({ page }) => {
    await signInByApi(page, examiner);
    await page.goto('/admin/report-card');
    const main = page.getByRole('main');

    // the user menu: Escape closes it and gives the focus back to its button
    const userMenu = page.getByRole('button', { name: examiner.fullname });
    await tabTo(page, userMenu);
    await page.keyboard.press('Enter');
    const changePassword = page.getByRole('menuitem', { name: 'Сменить пароль', exact: true });
    const menu = page.getByRole('menu').filter({ has: changePassword });
    await expect(changePassword).toBeVisible();
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(userMenu).toBeFocused();

    // «Начать» opens the exam's room: the focus on its h1, its name in the tab's title
    await tabTo(page, page.getByRole('button', { name: `Начать экзамен «${examName}»`, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/admin/exam-for-examiner/${examId}`);
    await expect(page.getByRole('heading', { level: 1, name: examName, exact: true })).toBeFocused();
    await expect(page).toHaveTitle(`${examName} · Oqu`);

    // a region opens with the focus on its heading; the status line says how votes are kept
    const tile = main.getByRole('button', { name: /^Без региона/ });
    await tabTo(page, tile);
    await expect(tile).toContainText('Решений: 0 из 2');
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { level: 2, name: 'Без региона', exact: true })).toBeFocused();
    const saveState = page.getByTestId('votes-save-state');
    await expect(saveState).toHaveRole('status');
    await expect(saveState).toHaveText('Решения сохраняются сразу');

    // a rejection keeps the focus on its button, pressed now, and says what was saved
    const rejectBob = main.getByRole('button', { name: `Отклонить: ${bob.fullname}`, exact: true });
    await tabTo(page, rejectBob);
    await page.keyboard.press('Enter');
    await expect(rejectBob).toHaveAttribute('aria-pressed', 'true');
    await expect(saveState).toHaveText(`${bob.fullname}: Отклонён — сохранено`);
    await expect(rejectBob).toBeFocused();

    // accepting a trainee below the pass mark asks first, the dialog opening on «Отмена»
    const acceptAnn = main.getByRole('button', { name: `Принять: ${ann.fullname}`, exact: true });
    await tabTo(page, acceptAnn);
    await page.keyboard.press('Enter');
    const asked = page.getByRole('dialog', { name: `Принять слушателя ${ann.fullname}?` });
    await expect(asked.getByRole('button', { name: 'Отмена', exact: true })).toBeFocused();
    await expect(asked).toHaveAccessibleDescription('Слушатель ниже проходного балла: сдано тестов плана 0 из 1, проходной балл — 1.');
    await page.keyboard.press('Tab');
    await expect(asked.getByRole('button', { name: 'Принять', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(asked).toBeHidden();
    await expect(saveState).toHaveText(`${ann.fullname}: Принят — сохранено`);
    await expect(acceptAnn).toBeFocused();

    // undone, the undo button is disabled: the focus goes back to «Принять»
    const undoAnn = main.getByRole('button', { name: `Отменить решение: ${ann.fullname}`, exact: true });
    await tabTo(page, undoAnn);
    await page.keyboard.press('Enter');
    await expect(saveState).toHaveText(`${ann.fullname}: Нет решения — сохранено`);
    await expect(undoAnn).toBeDisabled();
    await expect(acceptAnn).toBeFocused();

    // «Ко всем регионам» gives the focus back to the region's tile
    await tabTo(page, main.getByRole('button', { name: 'Ко всем регионам', exact: true }));
    await page.keyboard.press('Enter');
    await expect(tile).toBeFocused();
    await expect(tile).toContainText('Решений: 1 из 2');

    // the completion's dialog opens on «Отмена», explains itself, and Escape closes it
    const completeExam = main.getByRole('button', { name: 'Завершить экзамен', exact: true });
    await tabTo(page, completeExam);
    await page.keyboard.press('Enter');
    const completion = page.getByRole('dialog', { name: `Завершить экзамен «${examName}»?` });
    await expect(completion.getByRole('button', { name: 'Отмена', exact: true })).toBeFocused();
    await expect(completion).toHaveAccessibleDescription(/^Экзамен завершится сейчас для всех участников.*Ещё не все решения приняты/);
    await expectWcagClean(page, 'the completion’s dialog open');
    await page.keyboard.press('Escape');
    await expect(completion).toBeHidden();
    await expect(completeExam).toBeFocused();

    // confirmed from the keyboard: said, and the focus on «К результатам», which took the button's place
    await page.keyboard.press('Enter');
    await expect(completion.getByRole('button', { name: 'Отмена', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(completion.getByRole('button', { name: 'Завершить экзамен', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Экзамен завершен' })).toBeVisible();
    await expect(page.getByTestId('exam-status')).toHaveText('Завершен');
    const toResults = main.getByRole('link', { name: 'К результатам', exact: true });
    await expect(toResults).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/admin/exam-results/${examId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Результаты: ${examName}`, exact: true })).toBeFocused();
    await expect(page).toHaveTitle(`Результаты: ${examName} · Oqu`);

    // a side menu link: the focus leaves the menu for the new page's heading
    const reportCard = page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Табель', exact: true });
    await tabTo(page, reportCard);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin/report-card');
    await expect(page.getByRole('heading', { level: 1, name: 'Табель', exact: true })).toBeFocused();
    await expect(page).toHaveTitle('Табель · Oqu');
  });
});

// ── the admin ──
/**
 * The administrator with the keyboard alone (issue #28 "Keyboard and screen reader"): keys are
 * pressed and typed, nothing is clicked. Each step checks where the focus is and what the live
 * regions said.
 */

/** The focus is shown: the focused element matches :focus-visible and draws an outline. */
async function expectVisibleFocus(page: Page) {
  const shown = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    return element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none';
  });
  expect(shown, 'the focused element shows its focus').toBe(true);
}

test.describe('the admin, keyboard only', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(listenToLiveRegions);
  });

  test('an admin with the keyboard: the menu is one stop per page; an empty new-user form says what to fix and starts there; a wrong IIN is said as it is left; the account is created', async ({
    page,
  }) => {
    await signInByApi(page, 'admin');
    await page.goto('/admin/create-user');
    await settle(page);

    // the side menu is links, one Tab stop each, named by their text alone, the focus shown
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await expect(nav.getByRole('menu')).toHaveCount(0);
    const users = nav.getByRole('link', { name: 'Пользователи', exact: true });
    await expect(users).toHaveAttribute('aria-current', 'page');
    await tabTo(page, users);
    await expect(focused(page)).toHaveAccessibleName('Пользователи');
    await expectVisibleFocus(page);
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveAccessibleName('План обучения');
    await expectVisibleFocus(page);

    // an empty submit: the focus goes to the first field to fix, and the fields to fix are said once
    const create = page.getByRole('button', { name: 'Создать', exact: true });
    await tabTo(page, create);
    await heard(page);
    await page.keyboard.press('Enter');
    const fullname = page.getByLabel('ФИО');
    await expect(fullname).toBeFocused();
    await expect(fullname).toHaveAttribute('aria-invalid', 'true');
    await expect(fullname).toHaveAccessibleDescription('Заполните это поле');
    await expect(page.getByTestId('form-announcement')).toHaveText('Исправьте 4 поля: ФИО, ИИН, Логин, Пароль');
    expect(await heard(page)).toEqual(['Исправьте 4 поля: ФИО, ИИН, Логин, Пароль']);
    await expectWcagClean(page, 'the new-user form with its errors');

    // the name typed clears its error, silently
    await page.keyboard.type('Клавишева Дана Ерланқызы');
    await expect(fullname).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Tab');
    const iin = page.getByLabel('ИИН', { exact: true });
    await expect(iin).toBeFocused();

    // a wrong IIN: nothing is said while it is typed; as it is left, its error, with the field's name
    const wrongIin = 'ИИН: ИИН должен состоять из 12 цифр с верной контрольной цифрой';
    await page.keyboard.type('920315400011');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Подразделение')).toBeFocused();
    await expect(iin).toHaveAttribute('aria-invalid', 'true');
    await expect(iin).toHaveAccessibleDescription(/ИИН должен состоять из 12 цифр с верной контрольной цифрой/);
    await expect(page.getByTestId('form-announcement')).toHaveText(wrongIin);
    expect(await heard(page)).toEqual([wrongIin]);

    // back to it: the right IIN clears the error as it is typed
    await page.keyboard.press('Shift+Tab');
    await expect(iin).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('920315400010');
    await expect(iin).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Подразделение')).toBeFocused();

    const login = page.getByLabel('Логин');
    await tabTo(page, login);
    await page.keyboard.type('klavisheva');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Пароль', { exact: true })).toBeFocused();
    await page.keyboard.type('First2026');
    await tabTo(page, create);
    // on the way only the selects' values, read as they are focused: no error
    expect(await heard(page)).toEqual(['Слушатель', 'Без региона']);

    // created: back on the list, on its heading, and it is said
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeFocused();
    await expect.poll(() => heard(page).then((said) => said.join(' | '))).toContain('Учётная запись «Клавишева Дана Ерланқызы» создана');
  });

  test.describe('at 200 % zoom (640×360)', () => {
    test.use({ viewport: { width: 640, height: 360 } });

    /** The page does not scroll sideways, and the focused element is in the window, not under the sticky header. */
    async function expectFocusInView(page: Page) {
      const view = await page.evaluate(() => {
        const element = document.activeElement ?? document.body;
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
        const header = document.querySelector('.oqu-header');
        return {
          what: `${element.tagName} «${element.textContent?.trim().slice(0, 40) ?? ''}»`,
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
          underHeader: Boolean(header && hit && header.contains(hit) && !header.contains(element)),
        };
      });
      expect(view.sideways, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
      expect(view.underHeader, `${view.what} under the header`).toBe(false);
      expect(view.box.top, `${view.what}: top`).toBeGreaterThanOrEqual(-1);
      expect(view.box.bottom, `${view.what}: bottom`).toBeLessThanOrEqual(360 + 1);
      expect(view.box.left, `${view.what}: left`).toBeGreaterThanOrEqual(-1);
      expect(view.box.right, `${view.what}: right`).toBeLessThanOrEqual(640 + 1);
    }

    test('an admin reaches the admin area from the compact menu and walks the users list: each menu opens on its entry, an opened row keeps the focus, all in view', async ({
      page,
    }) => {
      await signInByApi(page, 'admin');
      await page.goto('/');
      await expect(page).toHaveURL(/\/webinar-main$/);
      await settle(page);
      const check = () => expectFocusInView(page);

      // the compact menu opens on its current entry, shown, and leads to the admin area
      const openMenu = page.getByRole('button', { name: 'Открыть меню' });
      await tabTo(page, openMenu, { check });
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Меню' });
      await expect(drawer.getByRole('link', { name: 'Главная', exact: true })).toBeFocused();
      await expectVisibleFocus(page);
      await expectWcagClean(page, 'the compact menu open');
      await tabTo(page, drawer.getByRole('link', { name: 'Панель управления', exact: true }), { check });
      await heard(page);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeFocused();
      await check();

      // the admin area's own menu, the same way; Escape closes it back onto its button
      await tabTo(page, openMenu, { check, back: true });
      await page.keyboard.press('Enter');
      await expect(drawer.getByRole('link', { name: 'Пользователи', exact: true })).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(openMenu).toBeFocused();

      // a search by IIN: how many were found is said
      await tabTo(page, page.getByRole('searchbox', { name: 'Поиск' }), { check });
      await heard(page);
      await page.keyboard.type(ACCOUNTS.trainee.iin);
      const rows = page.locator('[data-testid^="user-row-"]');
      await expect(rows).toHaveCount(1);
      await expect.poll(() => heard(page)).toContain('Всего: 1');

      // the trainee's row opened: the focus stays on its button once the details have loaded, and
      // nothing else is said
      const expand = page.getByRole('button', { name: `Подробнее: ${ACCOUNTS.trainee.name}` });
      await tabTo(page, expand, { check });
      await page.keyboard.press('Enter');
      await expect(expand).toHaveAttribute('aria-expanded', 'true');
      const details = page.locator('[data-testid^="user-details-"]');
      await expect(details.getByRole('combobox', { name: 'План обучения' })).toBeEnabled();
      await expect(details.getByRole('heading', { name: 'Журнал успеваемости' })).toBeVisible();
      await expect(page.locator('#main .ant-spin-spinning, #main .ant-skeleton')).toHaveCount(0);
      await expect(expand).toBeFocused();
      await check();
      expect(await heard(page)).toEqual([]);

      // on through the details, each stop in view
      await tabTo(page, details.getByRole('button', { name: 'Сменить пароль' }), { check });
    });
  });
});
