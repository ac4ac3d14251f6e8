import { expect, test } from '@playwright/test';
import { signIn, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { facePhoto } from '../support/faces.js';
import { choose, pick } from '../support/forms.js';

/** A demo trainee who starts without a plan (README). */
const TRAINEE = { iin: '880312300018', password: 'Learn2026!' };
const PLAN = `Ремонт насосного оборудования ${Date.now().toString(36)}`;
const TOPICS = [
  { number: '1.1', name: 'Устройство центробежного насоса', type: 'Производственное обучение', hours: '4' },
  { number: '2.1', name: 'Нормы безопасности при ремонте', type: 'Теоретическое обучение', hours: '6' },
];
const TEST = 'Проверка: устройство насоса';
const QUESTIONS = [
  { text: 'Что создаёт напор в центробежном насосе?', variants: ['Рабочее колесо', 'Сальник', 'Подшипник', 'Муфта'], photo: true },
  { text: 'Чем проверяют соосность валов?', variants: ['Индикатором', 'Манометром', 'Термометром', 'Ареометром'] },
  { text: 'Что делают перед разборкой насоса?', variants: ['Снимают давление', 'Включают насос', 'Открывают задвижки', 'Ничего'] },
  { text: 'Как часто меняют сальниковую набивку?', variants: ['По регламенту', 'Никогда', 'Каждый час', 'Раз в 10 лет'] },
];

test('an admin builds a plan with two topics, a test and four questions, attaches it; the trainee sees it in both layouts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin');

  // the plan
  await page.goto('/admin/plan-education');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Добавить план' }).click();
  await expect(page).toHaveURL(/\/admin\/create-plan$/);
  await page.getByLabel('Название', { exact: true }).fill(PLAN);
  await page.getByLabel('Должности').fill('Слесарь-ремонтник, Машинист насосных установок');
  await expect(page.getByText('Машинист насосных установок', { exact: true })).toBeVisible();
  await page.getByLabel('Описание').fill('Ремонт и обслуживание центробежных насосов');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/plan-education/);
  await expect(page.getByRole('row', { name: new RegExp(PLAN) })).toBeVisible();

  // two topics, one of each type
  for (const topic of TOPICS) {
    await page.goto('/admin/create-themes');
    await page.getByLabel('Номер темы').fill(topic.number);
    await choose(page, 'План обучения', PLAN);
    await page.getByLabel('Название', { exact: true }).fill(topic.name);
    await choose(page, 'Тип занятия', topic.type);
    await page.getByLabel('Часы').fill(topic.hours);
    await page.getByLabel('План занятия').fill(`План занятия: ${topic.name}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Создать' }).click();
    await expect(page).toHaveURL(/\/admin\/themes/);
  }
  await page.getByRole('button', { name: `${TOPICS[0].name} — Подробнее` }).click();
  const info = page.getByRole('dialog');
  await expect(info).toContainText(`План занятия: ${TOPICS[0].name}`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();

  // a test on the production topic
  await page.goto('/admin/create-test');
  await page.getByLabel('Название', { exact: true }).fill(TEST);
  await choose(page, 'План обучения', PLAN);
  await choose(page, 'Тема', TOPICS[0].name);
  await expect(page.getByLabel('Длительность, минут')).toHaveValue('60');
  await page.getByLabel('Проходной балл, %').fill('70');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/tests/);
  await expect(page.getByRole('row', { name: new RegExp(TEST) })).toBeVisible();

  // four questions, the first with a photo
  for (const [index, question] of QUESTIONS.entries()) {
    await page.goto('/admin/create-question');
    await page.getByLabel('Тест', { exact: true }).fill(TEST);
    await pick(page, TEST);
    await page.getByLabel('Текст вопроса').fill(question.text);
    for (const [i, variant] of question.variants.entries()) await page.getByLabel(`Вариант ${'ABCD'[i]}`).fill(variant);
    await page.getByLabel('Порядковый номер').fill(String(index));
    if (question.photo) {
      await page.locator('input[type="file"]').setInputFiles(facePhoto('jesper.jpg'));
      await expect(page.getByRole('img').first()).toBeVisible();
    }
    if (index === 0) await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Создать' }).click();
    await expect(page).toHaveURL(/\/admin\/questions/);
  }
  await expect(page.getByText('Что создаёт напор в центробежном насосе?')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: /Что создаёт напор/ });
  await expect.poll(() => thumbnail.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // attach the plan to the trainee
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(TRAINEE.iin);
  const row = page.locator('[data-testid^="user-row-"]', { hasText: TRAINEE.iin });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const planPicker = page.locator('[data-testid^="user-plan-"]');
  await expect(planPicker).toBeVisible();
  await planPicker.click();
  await pick(page, PLAN);
  await expect(planPicker).toContainText(PLAN);
  await page.getByTestId('logout').click();

  // the trainee: full layout
  await signIn(page, TRAINEE.iin, TRAINEE.password);
  await expect(page).toHaveURL(/\/user\/main$/);
  await expect(page.getByText(PLAN).first()).toBeVisible();
  await page.goto('/user/plan-education');
  await expect(page.getByRole('heading', { name: PLAN })).toBeVisible();
  await expect(page.getByText('Машинист насосных установок')).toBeVisible();
  const production = page.getByRole('row', { name: /Производственное обучение/ });
  await production.getByRole('button').first().click();
  await expect(page.getByText(TOPICS[0].name)).toBeVisible();
  await expect(page.getByText(TEST)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the trainee: compact layout
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  const mobile = await phone.newPage();
  await signIn(mobile, TRAINEE.iin, TRAINEE.password);
  await expect(mobile).toHaveURL(/\/main$/);
  await mobile.goto('/plan');
  await expect(mobile.getByText(PLAN).first()).toBeVisible();
  await expect(mobile.getByText('Слесарь-ремонтник')).toBeVisible();
  await expectNoSeriousA11yViolations(mobile);
  await mobile.getByRole('link', { name: /Производственное обучение/ }).click();
  await expect(mobile).toHaveURL(/\/type\/9$/);
  await mobile.getByRole('button', { name: new RegExp(TOPICS[0].name) }).click();
  await expect(mobile.getByText(`План занятия: ${TOPICS[0].name}`)).toBeVisible();
  await expect(mobile.getByText(TEST)).toBeVisible();
  await expect(mobile.getByText('> 70 %').first()).toBeVisible();
  await expectNoSeriousA11yViolations(mobile);
  await phone.close();
});
