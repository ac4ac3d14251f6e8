import { expect, type Page } from '@playwright/test';

/** The demo accounts (README), with where each lands in the full and compact layouts. */
export const ACCOUNTS = {
  admin: {
    iin: '850101300005',
    password: 'Admin2026!',
    name: 'Сулейменов Ерлан Маратович',
    full: '/admin/users',
    compact: '/webinar-main',
  },
  examiner: {
    iin: '900215400003',
    password: 'Exam2026!',
    name: 'Ахметова Гульнара Серикбаевна',
    full: '/admin/report-card',
    compact: '/report-card',
  },
  teacher: {
    iin: '781203300007',
    password: 'Teach2026!',
    name: 'Петров Андрей Викторович',
    full: '/admin/webinar',
    compact: '/webinar-main',
  },
  trainee: { iin: '950701400004', password: 'Learn2026!', name: 'Жумабаева Айгерим Болатовна', full: '/user/main', compact: '/main' },
  region: { iin: '991111500003', password: 'Region2026!', name: 'Атырауский регион', full: '/admin/audience', compact: '/admin/audience' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

export async function signIn(page: Page, iin: string, password: string) {
  await page.goto('/');
  await page.getByLabel('ИИН или табельный номер').fill(iin);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

export async function signInAs(page: Page, account: AccountName) {
  const { iin, password } = ACCOUNTS[account];
  await signIn(page, iin, password);
  await expect(page).not.toHaveURL(/\/$/);
}

/**
 * Signs in without the form, for journeys about what comes after it (sign-in.spec.ts walks the form):
 * the login answer's user is stored where the form's sign-in keeps it, on a page of the app's origin
 * that loads no app. The next page opened is then opened signed in.
 */
export async function signInByApi(page: Page, who: AccountName | { iin: string; password: string }) {
  const { iin, password } = typeof who === 'string' ? ACCOUNTS[who] : who;
  const login = await page.request.post('/api/user/login', { data: { iin, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { user } = await login.json();
  await page.goto('/api/health');
  await page.evaluate((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
}
