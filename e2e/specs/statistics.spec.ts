import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const DEMO_PLAN = 'Охрана труда и промышленная безопасность';
const FIGURES = ['course', 'test', 'certificate'] as const;

/** A figure as both sides show it: its total, then each department's counted / out of. */
interface Figure {
  total: [number, number];
  departments: [string, number, number][];
}

/** The three figures as the screen shows them: each row's "N из M", and its departments once opened. */
async function screenFigures(page: Page): Promise<Figure[]> {
  await expect(page.locator('.oqu-statistics')).toHaveAttribute('aria-busy', 'false');
  const figures: Figure[] = [];
  for (const [index, key] of FIGURES.entries()) {
    const head = (await page.getByTestId(`figure-count-${key}`).textContent()) ?? '';
    const [, counted, total] = head.match(/^(\d+) из (\d+)$/) ?? [];
    const item = page.locator('.oqu-statistics .ant-collapse-item').nth(index);
    if (!(await item.getAttribute('class'))?.includes('ant-collapse-item-active')) await item.locator('.ant-collapse-header').click();
    const rows = item.locator('.oqu-figure-table tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const departments: [string, number, number][] = [];
    for (const row of await rows.all()) {
      const cells = await row.locator('td').allTextContents();
      departments.push([cells[0] ?? '', Number(cells[1]), Number(cells[2])]);
    }
    figures.push({ total: [Number(counted), Number(total)], departments });
  }
  return figures;
}

/** The rows of a sheet's table: from its header (first cell `header`) on, cells as plain values. */
function tableOf(sheet: ExcelJS.Worksheet | undefined, header: string): unknown[][] {
  const rows: unknown[][] = [];
  let width = 0;
  sheet?.eachRow((row) => {
    if (width === 0 && row.getCell(1).value !== header) return;
    width ||= row.cellCount;
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? ''));
  });
  return rows;
}

/** The same figures as the report's first sheet has them: figure, department, counted, out of; «Все отделы» the total. */
function fileFigures(workbook: ExcelJS.Workbook): Figure[] {
  const rows = tableOf(workbook.getWorksheet('Статистика'), 'Показатель').slice(1);
  const names = [...new Set(rows.map((r) => r[0]))];
  return names.map((name) => {
    const [all, ...departments] = rows.filter((r) => r[0] === name);
    return {
      total: [Number(all?.[2]), Number(all?.[3])],
      departments: departments.map((r) => [String(r[1]), Number(r[2]), Number(r[3])]),
    };
  });
}

/** What the trainees sheet adds up to, figure by figure: «Да» in the course and turnout columns of all rows, certificate numbers of the verdicts. */
function traineeSums(workbook: ExcelJS.Workbook): [number, number][] {
  const rows = tableOf(workbook.getWorksheet('Слушатели'), 'ФИО').slice(1);
  const count = (keep: (row: unknown[]) => boolean) => rows.filter(keep).length;
  return [
    [count((r) => r[9] === 'Да'), rows.length],
    [count((r) => r[8] === 'Да'), rows.length],
    [count((r) => r[11] !== ''), count((r) => r[10] !== '')],
  ];
}

async function downloadReport(page: Page): Promise<ExcelJS.Workbook> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать отчёт' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statistics-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Отчёт скачан').first()).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  return workbook;
}

/** The screen's figures and the downloaded file's agree cell for cell, and the trainees sheet adds up to them. */
function expectSameFigures(screen: Figure[], workbook: ExcelJS.Workbook) {
  const file = fileFigures(workbook);
  expect(file).toEqual(screen);
  expect(traineeSums(workbook)).toEqual(screen.map((figure) => figure.total));
}

test('an admin reads what each figure counts, filters by plan and downloads a report whose cells are the screen’s figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await page.goto('/admin/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика' })).toBeVisible();
  const course = page.getByRole('button', { name: /Прошли курс/ });
  await expect(course).toBeVisible();
  // every row says what it counts, of whom
  await expect(course).toContainText('Сдали все тесты своего плана — из слушателей с планом обучения');
  await expect(page.getByRole('button', { name: /Явка на тесты/ })).toContainText('Завершили хотя бы один тест своего плана');
  await expect(page.getByRole('button', { name: /Получили сертификат/ })).toContainText('из участников таких экзаменов');
  await expectNoSeriousA11yViolations(page);

  // a row opens into its departments (columns named for what is counted) and their chart
  await course.click();
  await expect(page.getByRole('cell', { name: 'Цех подготовки нефти и газа' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Прошли курс' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Прошли курс по отделам/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // every plan: the file's first sheet names what it covers, its figures are the screen's
  const everything = await screenFigures(page);
  const all = await downloadReport(page);
  expect(all.worksheets.map((sheet) => sheet.name)).toEqual(['Статистика', 'Слушатели']);
  const cover = all.getWorksheet('Статистика');
  expect(cover?.getRow(2).values).toEqual([undefined, 'План обучения', 'Все планы обучения']);
  expect(cover?.getRow(3).values).toEqual([undefined, 'Период', 'За всё время']);
  expect(String(cover?.getRow(4).getCell(2).value)).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(Asia\/Almaty\)$/);
  expectSameFigures(everything, all);
  const names = tableOf(all.getWorksheet('Слушатели'), 'ФИО').map((row) => row[0]);
  expect(names).toContain(ACCOUNTS.trainee.name);

  // the plan filter goes into the address, the figures follow it, and so does the file
  const plan = page.getByLabel('План обучения');
  await plan.click();
  await plan.fill(DEMO_PLAN.slice(0, 12));
  // the URL changes a moment before the screen asks for the plan's figures: wait for them, not for the address
  const planFigures = page.waitForResponse(
    (response) => response.url().includes('/api/attendance/statistic?') && /[?&]plan=\d+/.test(response.url()),
  );
  await page.locator('.ant-select-item-option', { hasText: DEMO_PLAN }).click();
  await expect(page).toHaveURL(/[?&]plan=\d+/);
  await planFigures;
  const planned = await screenFigures(page);
  const ofPlan = await downloadReport(page);
  expect(ofPlan.getWorksheet('Статистика')?.getRow(2).values).toEqual([undefined, 'План обучения', DEMO_PLAN]);
  expectSameFigures(planned, ofPlan);

  // on a phone: the rows stack, the chart shrinks, nothing goes sideways and the download stays in view
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /Прошли курс по отделам/ })).toBeVisible();
  // the chart redraws for the new width a moment after the window changes: wait for the page to settle to it
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Скачать отчёт' })).toBeInViewport();
});
