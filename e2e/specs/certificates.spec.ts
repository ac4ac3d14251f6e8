import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const NAME = `За успешное прохождение курса ${Date.now().toString(36)}`;
/** A template of one blank A4-landscape page: the server tells the type by its content, and the preview draws over the page. */
async function blankTemplate(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([842, 595]);
  return Buffer.from(await document.save());
}

test('an admin adds a certificate template, places and previews its fields, opens its file, and deletes it', async ({ page, request }) => {
  const template = await blankTemplate();
  await signInAs(page, 'admin');
  await page.goto('/admin/certificates');
  await expect(page.getByRole('heading', { name: 'Сертификаты' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Добавить сертификат' }).click();
  await expect(page).toHaveURL(/\/admin\/create-certificate$/);
  await page.getByLabel('Номинация (текст сертификата)').fill(NAME);

  // a text file is refused before anything is sent
  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(/можно загрузить только PDF, JPEG, PNG или DOCX/)).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({ name: 'template.pdf', mimeType: 'application/pdf', buffer: template });
  await expect(page.getByText('template.pdf')).toBeVisible();

  // where the holder's name prints: moved, then previewed over the chosen template
  const nameLeft = page.getByLabel(/^ФИО: X/);
  await nameLeft.fill('20');
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  const preview = page.locator('iframe[title="Предпросмотр сертификата (PDF)"]');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expectNoSeriousA11yViolations(page);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/cer/new') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Создать' }).click();
  expect((await created).request().postDataJSON().Layout.Fullname.X).toBeCloseTo(0.2);
  await expect(page).toHaveURL(/\/admin\/certificates/);

  // said, listed and marked as the record just saved; its file is served back as the PDF that was sent
  await expect(page.getByText(/^Сертификат( «.+»)? создан$/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  const href = await row.getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/^\/files\/certificates\//);
  const file = await request.get(href as string);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(template)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // delete, after confirming
  await row.getByRole('button', { name: /Удалить/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
});

/** The address the certificate's QR code holds: the URI link laid over the code on page 1. */
async function verifyLinkOf(pdf: Buffer): Promise<URL> {
  const page = (await PDFDocument.load(pdf)).getPage(0);
  const annotations = page.node.Annots();
  for (let i = 0; i < (annotations?.size() ?? 0); i += 1) {
    const uri = annotations?.lookup(i, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict)?.get(PDFName.of('URI'));
    if (uri instanceof PDFString || uri instanceof PDFHexString) return new URL(uri.decodeText());
  }
  throw new Error('No link on the certificate');
}

/** No sideways scroll: the page fits the viewport's width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const signedOut = (browser: Browser) =>
  browser.newContext({ locale: 'ru-RU', timezoneId: 'Asia/Almaty', viewport: { width: 390, height: 844 } });

test('a trainee downloads their certificate, anyone checks it by its QR link, and it reads revoked once the admin revokes it', async ({
  browser,
  page,
}) => {
  // the demo trainee's certificate, from the demo exam signed at start
  await signInAs(page, 'trainee');
  await page.goto('/user/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Мои сертификаты' })).toBeVisible();
  const item = page.locator('[data-testid^="certificate-"]').first();
  const number = (await item.getByText(/^[A-Z]+-\d{4}-\d{6}$/).textContent()) ?? '';
  await expect(item.getByText('Действителен')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: `Скачать PDF сертификата ${number}` }).click();
  const pdf = await readFile(await (await download).path());
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const link = await verifyLinkOf(pdf);
  expect(link.pathname).toMatch(/^\/verify\/[a-z2-7]{26}$/);

  // signed out, on a phone and on a desk
  const visitorContext = await signedOut(browser);
  const visitor = await visitorContext.newPage();
  await visitor.goto(link.pathname);
  const verified = visitor.getByTestId('verified');
  await expect(verified.getByText('Сертификат действителен')).toBeVisible();
  await expect(verified.getByText(ACCOUNTS.trainee.name)).toBeVisible();
  await expect(verified.getByText(number)).toBeVisible();
  await expect(verified.getByText(/^\*+\d{4}$/)).toBeVisible();
  await expect(verified.getByText('Бессрочно')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Скачать PDF' })).toBeVisible();
  await expectNoSidewaysScroll(visitor);
  await expectNoSeriousA11yViolations(visitor);
  await visitor.setViewportSize({ width: 1280, height: 720 });
  await expect(visitor.getByRole('heading', { level: 1, name: 'Проверка сертификата' })).toBeVisible();
  await expectNoSidewaysScroll(visitor);
  // the number printed on it finds it too
  await visitor.goto(`/verify/${number}`);
  await expect(verified.getByText('Сертификат действителен')).toBeVisible();
  await expect(verified.getByText(ACCOUNTS.trainee.name)).toBeVisible();
  // a code or a number nobody holds says only that
  await visitor.goto('/verify/aaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(visitor.getByText('Сертификат не найден')).toBeVisible();
  await visitor.goto(`/verify/${number.replace(/\d{6}$/, '999999')}`);
  await expect(visitor.getByText('Сертификат не найден')).toBeVisible();

  // the admin finds it and revokes it, with a reason
  const adminContext = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Asia/Almaty', viewport: { width: 1280, height: 720 } });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/issued-certificates');
  await admin.getByRole('searchbox', { name: 'Поиск сертификатов' }).fill(number);
  const row = admin.getByRole('row', { name: new RegExp(number) });
  await expect(row).toHaveCount(1);
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole('button', { name: `Отозвать сертификат ${number}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Отозвать сертификат', exact: true }).click();
  await expect(dialog.getByText('Укажите «Причина отзыва»', { exact: true })).toBeVisible();
  await dialog.getByLabel('Причина отзыва').fill('Выдан по ошибке');
  await dialog.getByRole('button', { name: 'Отозвать сертификат', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Отозван', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Подробнее: ${number}` }).click();
  await expect(admin.getByText('Выдан по ошибке')).toBeVisible();

  // revoked: said so, by code and by number, and the page hands out no file
  for (const path of [link.pathname, `/verify/${number}`]) {
    await visitor.goto(path);
    await expect(visitor.getByTestId('verified').getByText('Сертификат отозван', { exact: true })).toBeVisible();
    await expect(visitor.getByTestId('verified').getByText(ACCOUNTS.trainee.name)).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Скачать PDF' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Скачать PDF' })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(visitor);
  // the holder's own download is the marked rendition
  await page.reload();
  await expect(item.getByText('Отозван')).toBeVisible();
  const revokedDownload = page.waitForEvent('download');
  await item.getByRole('link', { name: `Скачать PDF сертификата ${number}` }).click();
  const marked = await PDFDocument.load(await readFile(await (await revokedDownload).path()));
  expect(marked.getPageCount()).toBe(1);
  expect(marked.getTitle()).toMatch(new RegExp(`^Сертификат ${number} — ОТОЗВАН \\d{2}\\.\\d{2}\\.\\d{4}$`));
  await visitorContext.close();
  await adminContext.close();
});
