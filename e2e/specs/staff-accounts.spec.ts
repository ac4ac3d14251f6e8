import { expect, test } from '@playwright/test';
import { signIn, signInAs } from '../support/accounts.js';

test('an admin creates an examiner, edits them, and the examiner signs in; then deletes them', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Экзаменаторы' }).click();
  await expect(page).toHaveURL(/\/admin\/examiners$/);
  await page.getByRole('link', { name: 'Добавить экзаменатора' }).click();
  await page.getByLabel('Фамилия').fill('Байжанов');
  await page.getByLabel('Имя', { exact: true }).fill('Нурлан');
  await page.getByLabel('Отчество').fill('Асқарұлы');
  await page.getByLabel('Логин').fill('baizhanov');
  await page.getByLabel('ИИН', { exact: true }).fill('800101300006');
  await page.getByLabel('Пароль', { exact: true }).fill('Exam2026x');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/examiners$/);
  const row = page.locator('[data-testid^="user-row-"]', { hasText: 'Байжанов Нурлан Асқарұлы' });
  await expect(row).toBeVisible();

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/edit-examiner\/\d+$/);
  await expect(page.getByLabel('Фамилия')).toHaveValue('Байжанов');
  await expect(page.getByLabel('Пароль', { exact: true })).toHaveCount(0);
  await page.getByLabel('Отчество').fill('Асқарович');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/examiners$/);
  await expect(page.locator('[data-testid^="user-row-"]', { hasText: 'Байжанов Нурлан Асқарович' })).toBeVisible();

  await page.getByTestId('logout').click();
  await signIn(page, 'baizhanov', 'Exam2026x');
  await expect(page).toHaveURL(/\/admin\/report-card$/);
  await page.getByTestId('logout').click();

  await signInAs(page, 'admin');
  await page.goto('/admin/examiners');
  const edited = page.locator('[data-testid^="user-row-"]', { hasText: 'Байжанов Нурлан Асқарович' });
  await edited.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
  // the examiner signed in once but did nothing on record, so the account is really gone
  await expect(edited).toHaveCount(0);
});

test('a duplicate IIN is refused with the server message and nothing typed is lost', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/create-recording-webinar');
  await page.getByLabel('Фамилия').fill('Ким');
  await page.getByLabel('Имя', { exact: true }).fill('Виктор');
  await page.getByLabel('Логин').fill('kim.v');
  await page.getByLabel('ИИН', { exact: true }).fill('781203300007');
  await page.getByLabel('Пароль', { exact: true }).fill('Teach2026x');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Пользователь с таким ИИН уже есть')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-recording-webinar$/);
  await expect(page.getByLabel('Фамилия')).toHaveValue('Ким');
  await expect(page.getByLabel('Логин')).toHaveValue('kim.v');
});

test('an admin adds an exam audience account that signs in by login', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/audience-exam');
  await page.getByRole('link', { name: 'Добавить аудиторию' }).click();
  await page.getByLabel('ФИО / название аудитории').fill('Мангистауский регион');
  await page.getByLabel('Логин').fill('mangystau');
  await page.getByLabel('ИИН', { exact: true }).fill('991111500023');
  await page.getByLabel('Пароль', { exact: true }).fill('Region2026x');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/audience-exam$/);
  await expect(page.locator('[data-testid^="user-row-"]', { hasText: 'Мангистауский регион' })).toBeVisible();
  await page.getByTestId('logout').click();
  await signIn(page, 'mangystau', 'Region2026x');
  await expect(page).toHaveURL(/\/admin\/audience$/);
});

test('the roles screen shows the real matrix and the API routes of a role', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/role');
  const matrix = page.getByRole('table').first();
  const usersRow = matrix.getByRole('row', { name: /Пользователи/ });
  // columns: admin, examiner, trainee, teacher, region
  await expect(usersRow.getByRole('cell')).toHaveText(['доступно', 'нет доступа', 'нет доступа', 'нет доступа', 'нет доступа']);
  const testsRow = matrix.getByRole('row', { name: /^Тесты/ });
  await expect(testsRow.getByRole('cell')).toHaveText(['доступно', 'доступно', 'нет доступа', 'доступно', 'нет доступа']);
  await expect(page.getByText('/api/user/getusers').first()).toBeVisible();
});
