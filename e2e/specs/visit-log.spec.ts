import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { tomorrow, typeIntoPicker } from '../support/forms.js';

/** The demo plan, one of its topics and that topic's one test; the demo trainee follows the plan. */
const PLAN = 'Охрана труда и промышленная безопасность';
const TOPIC = 'Оказание первой помощи пострадавшим';
const TEST = 'Первая помощь';
const TRAINEE = ACCOUNTS.trainee.name;

test('an admin walks the visit log plan → topic → trainee and assigns a retake in place', async ({ page }) => {
  test.setTimeout(120_000);
  const day = tomorrow();
  await signInAs(page, 'admin');

  // plans with attendance, searched in the URL, opening into their topics
  await page.goto('/admin/visitors-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал посещений' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск по названию плана' }).fill(PLAN);
  await expect(page).toHaveURL(/search=/);
  const plan = page.locator('[data-testid^="visit-plan-"]', { hasText: PLAN });
  await expect(plan).toHaveCount(1);
  await plan.getByRole('button', { name: `Подробнее: ${PLAN}` }).click();
  const topic = page.locator('[data-testid^="visit-topic-"]', { hasText: TOPIC });
  // the counts say what they count
  await expect(topic).toContainText('Прошли тему:');
  await expect(page.getByText('«Прошли курс» — сдали все тесты плана')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the topic's trainees
  await topic.getByRole('link', { name: `Подробнее: ${TOPIC}` }).click();
  await expect(page).toHaveURL(/\/admin\/visitors-log-theme\/\d+/);
  const topicId = page.url().match(/visitors-log-theme\/(\d+)/)?.[1];
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(TOPIC) })).toBeVisible();
  const row = page.locator('[data-testid^="visit-trainee-"]', { hasText: TRAINEE });
  await expect(row).toHaveCount(1);
  const userId = (await row.getAttribute('data-testid'))?.replace('visit-trainee-', '');
  await expectNoSeriousA11yViolations(page);

  // a retake assigned in place: date and time in a dialog
  await row.getByRole('button', { name: `Назначить пересдачу: ${TRAINEE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Пересдача: ${TRAINEE}` });
  await expect(dialog).toContainText(`Тест: ${TEST}`);
  await typeIntoPicker(page, 'Дата', day.full, 'Tab');
  await typeIntoPicker(page, 'Время', '10:30', 'Tab');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Назначить' }).click();
  await expect(page.getByText('Пересдача назначена')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the trainee's tests of the topic, by the row's link (the topic has one test: the link is there all the same)
  await row.getByRole('link', { name: `Подробнее: ${TRAINEE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/visitors-log-user/${userId}/${topicId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Тесты: ${TRAINEE}` })).toBeVisible();
  await expect(page.locator('[data-testid^="visit-test-"]', { hasText: TEST })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Назначить пересдачу: ${TRAINEE}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the retake is on the retakes list; cancelled there, the demo trainee is left as found
  await page.goto(`/admin/retake?search=2001`);
  const retake = page.locator('[data-testid^="retake-row-"]', { hasText: TEST });
  await expect(retake).toContainText(`${day.short} | 10:30`);
  await expect(retake).toContainText('Назначена');
  await retake.getByRole('button', { name: `Удалить пересдачу: ${TRAINEE}, ${TEST}` }).click();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(page.getByText('Пересдача отменена')).toBeVisible();
  await expect(retake).toHaveCount(0);
});
