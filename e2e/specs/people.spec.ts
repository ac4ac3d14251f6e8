import { expect, test } from '@playwright/test';
import { signIn, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { facePhoto } from '../support/faces.js';

test('an admin creates a trainee with two photos, blocks, unblocks and sets their password; the trainee signs in', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // create, with two photos uploaded one after the other
  await page.getByRole('link', { name: 'Добавить пользователя' }).click();
  await expect(page).toHaveURL(/\/admin\/create-user$/);
  await page.getByLabel('ФИО').fill('Тестова Алия Серикқызы');
  await page.getByLabel('ИИН', { exact: true }).fill('930412400025');
  await page.getByLabel('Подразделение').fill('Служба главного механика');
  await page.getByLabel('Должность').fill('Слесарь КИПиА');
  await page.getByLabel('Табельный номер').fill('7001');
  await page.getByLabel('Логин').fill('testova');
  await page.getByLabel('Пароль', { exact: true }).fill('First2026');
  await page.locator('input[type="file"]').setInputFiles([facePhoto('jesper.jpg'), facePhoto('jesper_2.jpg')]);
  await expect(page.getByRole('list', { name: 'Выбранные файлы' }).getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/users/);

  // find them, open the details: both photos are there and load
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('930412400025');
  const row = page.locator('[data-testid^="user-row-"]', { hasText: 'Тестова Алия Серикқызы' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const details = page.locator('[data-testid^="user-details-"]');
  const photos = details.getByRole('list', { name: 'Загруженные фото' }).getByRole('img');
  await expect(photos).toHaveCount(2);
  await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // block: the person cannot sign in
  await details.getByRole('button', { name: 'Заблокировать' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Заблокировать' }).click();
  await expect(row).toContainText('Заблокирован');
  await expect(details.getByRole('button', { name: 'Разблокировать' })).toBeVisible();

  // unblock again
  await details.getByRole('button', { name: 'Разблокировать' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Разблокировать' }).click();
  await expect(details.getByRole('button', { name: 'Заблокировать' })).toBeVisible();

  // change the password: a mismatch is caught before anything is sent
  await details.getByRole('button', { name: 'Сменить пароль' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Новый пароль').fill('Second2026');
  await dialog.getByLabel('Повторите пароль').fill('Second2027');
  await dialog.getByRole('button', { name: /Сохранить|Сменить/ }).click();
  await expect(dialog.getByText('Пароли не совпадают')).toBeVisible();
  await dialog.getByLabel('Повторите пароль').fill('Second2026');
  await dialog.getByRole('button', { name: /Сохранить|Сменить/ }).click();
  await expect(dialog).toBeHidden();

  // the trainee signs in with the new password, and not with the old one
  await page.getByTestId('logout').click();
  await signIn(page, '930412400025', 'First2026');
  await expect(page.getByRole('alert')).toHaveText('Неверный ИИН или пароль');
  await signIn(page, '930412400025', 'Second2026');
  await expect(page).toHaveURL(/\/user\/main$/);
  await expect(page.getByTestId('user-name')).toContainText('Тестова Алия Серикқызы');
});

test('a blocked trainee is refused with a clear message', async ({ page, request }) => {
  const login = await request.post('/api/user/login', { data: { iin: '850101300005', password: 'Admin2026!' } });
  const token = (await login.json()).user.Token;
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/user/getusers?search=860227300032', { headers });
  const [person] = (await list.json()).data;
  expect((await request.put(`/api/user/updateuser/${person.ID}`, { headers, data: { IsBlocked: true } })).ok()).toBe(true);
  await signIn(page, '860227300032', 'Learn2026!');
  await expect(page.getByRole('alert')).toHaveText('Учётная запись заблокирована. Обратитесь к администратору');
  await request.put(`/api/user/updateuser/${person.ID}`, { headers, data: { IsBlocked: false } });
});
