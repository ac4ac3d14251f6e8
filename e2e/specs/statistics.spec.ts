import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const DEMO_PLAN = 'Охрана труда и промышленная безопасность';

test('an admin opens the statistics, expands a row, filters by plan and downloads the report', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await page.goto('/admin/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика' })).toBeVisible();
  const course = page.getByRole('button', { name: /Посещаемость курсов/ });
  await expect(course).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a row opens into its departments and their chart
  await course.click();
  await expect(page.getByRole('cell', { name: 'Цех подготовки нефти и газа' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Посещаемость курсов по отделам/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the plan filter goes into the address and the figures follow it
  const plan = page.getByLabel('План обучения');
  await plan.click();
  await plan.fill(DEMO_PLAN.slice(0, 12));
  await page.locator('.ant-select-item-option', { hasText: DEMO_PLAN }).click();
  await expect(page).toHaveURL(/[?&]plan=\d+/);
  await expect(page.getByRole('button', { name: /Посещаемость курсов/ })).toBeVisible();

  // the report: made by the server, saved by the browser, read back here
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать отчёт' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statistics-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Отчёт скачан')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Статистика', 'Слушатели']);
  const names: unknown[] = [];
  workbook.getWorksheet('Слушатели')?.eachRow((row) => names.push(row.getCell(1).value));
  expect(names).toContain(ACCOUNTS.trainee.name);

  // on a phone: the rows stack, the chart shrinks, nothing goes sideways and the download stays in view
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /Посещаемость курсов по отделам/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Скачать отчёт' })).toBeInViewport();
});
