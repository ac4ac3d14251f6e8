import { expect, type Locator, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { tomorrow, typeIntoPicker } from '../support/forms.js';

/** The demo trainee (README) follows the demo plan; its last test is the one retaken here. */
const TRAINEE = { tabel: '2001', iin: ACCOUNTS.trainee.iin, name: ACCOUNTS.trainee.name };
const TEST = 'Газоопасные работы и СИЗ';
/** A demo trainee whom no spec gives a plan. */
const NO_PLAN = { iin: '920524400017' };

/** The person's ID from their row of /admin/users (`user-row-{ID}`). */
async function userIdOf(row: Locator) {
  return (await row.getAttribute('data-testid'))?.replace('user-row-', '');
}

test('an admin assigns a retake by personnel number, edits it, finds it in the list and the trainee’s details, and cancels it there', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const day = tomorrow();
  await signInAs(page, 'admin');

  // the list
  await page.goto('/admin/retake');
  await expect(page.getByRole('heading', { level: 1, name: 'Пересдачи' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the form: the person is looked up as the personnel number is typed
  await page.getByRole('link', { name: 'Назначить пересдачу' }).click();
  await expect(page).toHaveURL(/\/admin\/create-retake$/);
  await expect(page.getByLabel('Тест', { exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  const tabel = page.getByLabel('Табельный номер');
  await tabel.fill('99999');
  await expect(page.getByText('Сотрудник с табельным номером 99999 не найден')).toBeVisible();
  await tabel.fill(TRAINEE.tabel);
  await expect(page.getByText(`Найден сотрудник: ${TRAINEE.name}`)).toBeVisible();
  await expect(page.getByLabel('ФИО')).toHaveValue(TRAINEE.name);
  await expect(page.getByLabel('ФИО')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Подразделение')).toHaveValue('Цех подготовки нефти и газа');
  await expect(page.getByLabel('Должность')).toHaveValue('Оператор технологических установок');

  // the test, from the person's plan, chosen with the keyboard
  const testSelect = page.getByLabel('Тест', { exact: true });
  await expect(testSelect).toBeEnabled();
  await testSelect.focus();
  await testSelect.fill(TEST);
  await expect(page.locator('.ant-select-item-option', { hasText: TEST })).toBeVisible();
  await testSelect.press('Enter');
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: TEST }).first()).toBeVisible();

  await typeIntoPicker(page, 'Дата', day.full);
  await typeIntoPicker(page, 'Время', '10:30');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Пересдача назначена')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/retake$/);

  // in the list: person, personnel number, test, date, pending
  const row = page.locator('[data-testid^="retake-row-"]', { hasText: TEST }).filter({ hasText: TRAINEE.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(TRAINEE.tabel);
  await expect(row).toContainText(`${day.short} | 10:30`);
  await expect(row).toContainText('Назначена');
  await page.getByRole('searchbox', { name: 'Поиск по ФИО или табельному номеру' }).fill(TRAINEE.tabel);
  await expect(page).toHaveURL(/search=2001/);
  await expect(row).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // edit: the form opens with the person found and the test and date filled in
  await row.getByRole('link', { name: `Изменить пересдачу: ${TRAINEE.name}, ${TEST}` }).click();
  await expect(page).toHaveURL(/\/admin\/edit-retake\/\d+$/);
  await expect(page.getByLabel('Табельный номер')).toHaveValue(TRAINEE.tabel);
  await expect(page.getByLabel('ФИО')).toHaveValue(TRAINEE.name);
  await expect(page.getByLabel('Дата', { exact: true })).toHaveValue(day.full);
  await expect(page.getByLabel('Время', { exact: true })).toHaveValue('10:30');
  await typeIntoPicker(page, 'Время', '11:05');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Пересдача изменена')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/retake/);
  await expect(page.locator('[data-testid^="retake-row-"]', { hasText: TEST })).toContainText(`${day.short} | 11:05`);

  // the trainee's details on /admin/users: the gradebook journal and the retake
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(TRAINEE.iin);
  const userRow = page.locator('[data-testid^="user-row-"]', { hasText: TRAINEE.iin });
  await expect(userRow).toHaveCount(1);
  await userRow.getByRole('button').first().click();
  const journal = page.locator('[data-testid^="user-journal-"]');
  await expect(journal.getByRole('heading', { name: 'Журнал успеваемости' })).toBeVisible();
  // until the retake is taken the test reads 'Пересдача'
  const entry = journal.getByRole('row', { name: new RegExp(TEST) });
  await expect(entry).toContainText('Пересдача');
  await expect(entry).toContainText('0/5');
  // the demo plan's six topic tests and its webinar's test
  await expect(journal.locator('tbody tr.ant-table-row')).toHaveCount(7);
  const retakes = page.locator('[data-testid^="user-retakes-"]');
  const assigned = retakes.locator('[data-testid^="user-retake-"]', { hasText: TEST });
  await expect(assigned).toContainText(`${day.short} | 11:05`);
  await expect(assigned).toContainText('Назначена');
  await expectNoSeriousA11yViolations(page);

  // cancel it from the details
  await assigned.getByRole('button', { name: `Отменить пересдачу: ${TEST}` }).click();
  await expect(page.getByText(`Отменить пересдачу теста «${TEST}»?`)).toBeVisible();
  await page.getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page.getByText('Пересдача отменена')).toBeVisible();
  await expect(assigned).toHaveCount(0);
  await expect(retakes.getByText('Пересдач нет')).toBeVisible();
  await expect(entry).toContainText('Ожидается');

  // a trainee with no plan: an empty journal and no retakes
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(NO_PLAN.iin);
  const other = page.locator('[data-testid^="user-row-"]', { hasText: NO_PLAN.iin });
  await expect(other).toHaveCount(1);
  await other.getByRole('button').first().click();
  const otherJournal = page.locator(`[data-testid="user-journal-${await userIdOf(other)}"]`);
  await expect(otherJournal.getByText('Сотруднику не назначен план обучения')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // and it has left the list
  await page.goto(`/admin/retake?search=${TRAINEE.tabel}`);
  await expect(page.getByText('Пересдач по запросу не найдено')).toBeVisible();
});
