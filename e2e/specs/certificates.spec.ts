import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const NAME = `За успешное прохождение курса ${Date.now().toString(36)}`;
/** A minimal PDF: the server tells the type by its content, which starts with `%PDF`. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('an admin adds a certificate template, opens its file, and deletes it', async ({ page, request }) => {
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

  await page.locator('input[type="file"]').setInputFiles({ name: 'template.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('template.pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Создать' }).click();
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
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // delete, after confirming
  await row.getByRole('button', { name: /Удалить/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
});
