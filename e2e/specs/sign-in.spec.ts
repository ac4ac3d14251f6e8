import { expect, test } from '@playwright/test';
import { ACCOUNTS, type AccountName, signIn, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const ROLES = Object.keys(ACCOUNTS) as AccountName[];

test.describe('full layout', () => {
  for (const role of ROLES) {
    test(`${role} signs in and lands by role`, async ({ page }) => {
      await signInAs(page, role);
      await expect(page).toHaveURL(new RegExp(`${ACCOUNTS[role].full}$`));
      await expect(page.getByTestId('user-name')).toContainText(role === 'admin' ? 'Администратор' : ACCOUNTS[role].name);
      // a reload keeps the session
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${ACCOUNTS[role].full}$`));
    });
  }

  test('the admin menu follows the role', async ({ page }) => {
    await signInAs(page, 'teacher');
    const menu = page.getByRole('navigation');
    await expect(menu.getByRole('link', { name: 'Мои вебинары' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Пользователи' })).toHaveCount(0);
    // a section the role may not use sends it home
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/webinar$/);
  });

  test('a trainee sees the learner menu with inactive entries', async ({ page }) => {
    await signInAs(page, 'trainee');
    const menu = page.getByRole('navigation');
    await expect(menu.getByRole('link', { name: 'Тесты' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Вебинары' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/user\/main$/);
  });

  test('logout clears the session', async ({ page }) => {
    await signInAs(page, 'examiner');
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/tests');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });
});

test.describe('compact layout', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const role of ROLES) {
    test(`${role} signs in and lands by role`, async ({ page }) => {
      await signInAs(page, role);
      await expect(page).toHaveURL(new RegExp(`${ACCOUNTS[role].compact}$`));
    });
  }

  test('the trainee home links plan, tests, webinars and media files', async ({ page }) => {
    await signInAs(page, 'trainee');
    const main = page.getByRole('main');
    for (const name of [/план/i, /тест/i, /вебинар/i, /медиа/i]) await expect(main.getByRole('link', { name }).first()).toBeVisible();
    await expect(main.getByTestId('tile-mediafiles')).toHaveAttribute('href', '/mediafiles');
  });
});

test.describe('sign-in form', () => {
  test('a wrong password shows the server message under the form; focusing a field clears it', async ({ page }) => {
    await signIn(page, ACCOUNTS.trainee.iin, 'wrong password');
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Неверный ИИН или пароль');
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('Пароль', { exact: true }).focus();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an empty field is named by its label, and nothing is sent until both are filled', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/login')) logins.push(request.url());
    });
    await page.goto('/');
    const iin = page.getByLabel('ИИН или табельный номер');
    const password = page.getByLabel('Пароль', { exact: true });
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Заполните: ИИН или табельный номер, Пароль');
    await expect(iin).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    await iin.fill(ACCOUNTS.trainee.iin);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Заполните: Пароль');
    await expect(iin).not.toHaveAttribute('aria-invalid');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(logins).toEqual([]);
  });

  test('Enter in the password field submits', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('ИИН или табельный номер').fill(ACCOUNTS.trainee.iin);
    const password = page.getByLabel('Пароль', { exact: true });
    await password.fill(ACCOUNTS.trainee.password);
    await password.press('Enter');
    await expect(page).toHaveURL(/\/user\/main$/);
  });

  test('a sign-in leaves the known-device cookie, and the next sign-in sends it back', async ({ page, context }) => {
    await signInAs(page, 'examiner');
    const device = (await context.cookies()).find((cookie) => cookie.name === 'oqu_device');
    expect(device).toMatchObject({ path: '/api/user', httpOnly: true, sameSite: 'Strict' });
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
    const login = page.waitForRequest((request) => request.url().endsWith('/api/user/login'));
    await signIn(page, ACCOUNTS.examiner.iin, ACCOUNTS.examiner.password);
    expect(await (await login).headerValue('cookie')).toContain(`oqu_device=${device?.value}`);
  });

  test('the personnel number signs in too', async ({ page }) => {
    await signIn(page, '2001', ACCOUNTS.trainee.password);
    await expect(page).toHaveURL(/\/user\/main$/);
  });

  test('the language switch changes the interface and survives reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
    await page.getByTestId('lang-switch').getByText('Қаз').click();
    await expect(page.getByRole('heading', { name: 'Жүйеге кіру' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Жүйеге кіру' })).toBeVisible();
    await page.getByTestId('lang-switch').getByText('Eng').click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    // the server answers in the chosen language as well
    await page.getByLabel('IIN or personnel number').fill(ACCOUNTS.trainee.iin);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong IIN or password');
    // and the signed-in interface keeps it
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.admin.password);
    await page.getByLabel('IIN or personnel number').fill(ACCOUNTS.admin.iin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeVisible();
  });

  test('the sign-in page has no serious accessibility problems', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signIn(page, ACCOUNTS.trainee.iin, 'wrong password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
