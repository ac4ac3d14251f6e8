import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/media/${name}`, import.meta.url));
const MP4 = fixture('pattern.mp4');
const VR_MP4 = fixture('equirect-360.mp4');
const PDF = fixture('handout.pdf');
const RUN = Date.now().toString(36);

// WebGL in headless Chromium without a GPU: its software renderer; a video plays without a gesture
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

let adminToken: string | undefined;
async function adminHeaders(request: APIRequestContext) {
  if (!adminToken) {
    const login = await request.post('/api/user/login', { data: { iin: ACCOUNTS.admin.iin, password: ACCOUNTS.admin.password } });
    adminToken = (await login.json()).user.Token as string;
  }
  return { authorization: `Bearer ${adminToken}` };
}

/** A media file made through the API, as the form would send it: the fields, then the file. */
async function uploadByApi(request: APIRequestContext, name: string, data: Buffer, fileName: string, vr = false) {
  const response = await request.post('/api/media/new', {
    headers: await adminHeaders(request),
    multipart: { Name: name, VR: String(vr), file: { name: fileName, mimeType: 'application/octet-stream', buffer: data } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.ID as number;
}

async function traineePage(browser: Browser, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, 'trainee');
  return page;
}

/** How many of the canvas's pixels are not black, and a short fingerprint of the picture. */
function canvasPicture(page: Page) {
  return page.getByTestId('panorama-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = 64;
    copy.height = 36;
    const context = copy.getContext('2d', { willReadFrequently: true });
    if (!context || canvas.width === 0) return { lit: 0, print: '' };
    context.drawImage(canvas, 0, 0, copy.width, copy.height);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let lit = 0;
    let print = '';
    for (let index = 0; index < data.length; index += 4) {
      if ((data[index] ?? 0) + (data[index + 1] ?? 0) + (data[index + 2] ?? 0) > 30) lit++;
      if (index % 64 === 0) print += ((data[index] ?? 0) >> 5).toString(8);
    }
    return { lit, print };
  });
}

test('an admin uploads a video and a PDF; the trainee pages the list, plays the video from the middle and downloads the PDF', async ({
  page,
  browser,
  request,
}) => {
  // two sign-ins, 24 uploads and a video played: minutes on a loaded machine
  test.setTimeout(240_000);
  const videoName = `Вводный ролик ${RUN}`;
  const pdfName = `Памятка ${RUN}`;
  await signInAs(page, 'admin');
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { name: 'Медиатека' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  for (const [name, file, data] of [
    [videoName, 'pattern.mp4', MP4],
    [pdfName, 'handout.pdf', PDF],
  ] as const) {
    // the previous upload's message has gone, so the one below is this upload's
    await expect(page.getByText(/^Медиафайл загружен$/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Добавить медиафайл' }).click();
    await expect(page).toHaveURL(/\/admin\/create-media-file$/);
    await expect(page.getByRole('heading', { name: 'Новый медиафайл' })).toBeVisible();
    if (file === 'pattern.mp4') await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Название').fill(name);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: file, mimeType: file.endsWith('.pdf') ? 'application/pdf' : 'video/mp4', buffer: data });
    await expect(page.getByTestId('media-chosen-file')).toContainText(file);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/media/new') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Создать' }).click();
    expect((await created).status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/media/);
    await expect(page.getByText(/^Медиафайл загружен$/)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  // a type the library does not take is refused by the server, its message under the form
  await page.getByRole('link', { name: 'Добавить медиафайл' }).click();
  await page.getByLabel('Название').fill(`Не медиа ${RUN}`);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') });
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText(/^Допустимы видео \(MP4, WebM, MOV\)/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-media-file$/);

  // edited: renamed and marked VR 360° (a video may be), said and shown on the list
  await page.getByRole('link', { name: 'К списку' }).click();
  await page
    .getByRole('row', { name: new RegExp(videoName) })
    .getByRole('link', { name: `Изменить «${videoName}»` })
    .click();
  await expect(page).toHaveURL(/\/admin\/edit-media-file\/\d+$/);
  await expect(page.getByLabel('Название')).toHaveValue(videoName);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Название').fill(`${videoName} 360`);
  await page.getByRole('checkbox', { name: 'VR 360°' }).check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/media/);
  await expect(page.getByText(/^Изменения медиафайла сохранены$/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${videoName} 360`) })).toContainText('VR 360°');
  await page
    .getByRole('row', { name: new RegExp(`${videoName} 360`) })
    .getByRole('link', { name: `Изменить «${videoName} 360»` })
    .click();
  await page.getByLabel('Название').fill(videoName);
  await page.getByRole('checkbox', { name: 'VR 360°' }).uncheck();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/media/);
  await expect(page.getByRole('row', { name: new RegExp(videoName) })).not.toContainText('VR 360°');

  // more than a page of files, newer than the two: they move to the second page
  for (let index = 1; index <= 21; index++) await uploadByApi(request, `Материал ${RUN} №${index}`, PDF, `m${index}.pdf`);

  const trainee = await traineePage(browser);
  await trainee.goto('/user/media-files');
  await expect(trainee.getByRole('heading', { name: 'Медиафайлы', level: 1 })).toBeVisible();
  await expect(trainee.getByText(`Материал ${RUN} №21`)).toBeVisible();
  await expect(trainee.getByText(videoName)).toHaveCount(0);
  await expectNoSeriousA11yViolations(trainee);
  await trainee.getByRole('navigation', { name: 'Страницы медиафайлов' }).locator('.ant-pagination-next').click();
  await expect(trainee).toHaveURL(/page=2/);
  const videoItem = trainee.getByRole('listitem').filter({ hasText: videoName });
  await expect(videoItem).toBeVisible();
  // the size in kb (the fixture is under 1000 kb)
  await expect(videoItem).toContainText(`${new Intl.NumberFormat('ru', { maximumFractionDigits: 1 }).format(MP4.length / 1000)} кб`);

  // played in the page from its middle: the browser asks for ranges, the server answers 206
  const ranged: number[] = [];
  trainee.on('response', (response) => {
    if (response.url().includes('/files/media/') && response.request().headers().range) ranged.push(response.status());
  });
  await videoItem.getByRole('button', { name: `Смотреть «${videoName}»` }).click();
  const video = trainee.getByTestId('media-player');
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    element.muted = true;
    element.currentTime = element.duration / 2;
    await element.play();
  });
  const seekTo = await video.evaluate((element: HTMLVideoElement) => element.duration / 2);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(seekTo + 0.2);
  expect(ranged).toContain(206);
  await expect(trainee.getByTestId('media-fallback')).toHaveCount(0);

  // the PDF downloads as a blob under its name, the bytes that were uploaded
  const pdfItem = trainee.getByRole('listitem').filter({ hasText: pdfName });
  const download = trainee.waitForEvent('download');
  await pdfItem.getByRole('button', { name: `Скачать «${pdfName}»` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${pdfName}.pdf`);
  expect(readFileSync(await file.path()).equals(PDF)).toBe(true);
  await expectNoSeriousA11yViolations(trainee);
  await trainee.context().close();
});

test('a VR video opens in the 360° viewer: it draws the video and turns by dragging and the arrow keys', async ({ browser, request }) => {
  const name = `Панорама цеха ${RUN}`;
  const id = await uploadByApi(request, name, VR_MP4, 'panorama.mp4', true);
  const trainee = await traineePage(browser);
  await trainee.goto('/user/media-files');
  await trainee.getByTestId('vr-link').click();
  await expect(trainee).toHaveURL(/\/user\/vr/);
  await trainee.goto(`/user/vr?id=${id}`);
  await expect(trainee.getByRole('heading', { name })).toBeVisible();
  const viewer = trainee.getByRole('application', { name: /360° просмотр/ });
  await expect(viewer).toBeVisible();
  await expect.poll(async () => (await canvasPicture(trainee)).lit, { timeout: 15_000 }).toBeGreaterThan(500);
  await expectNoSeriousA11yViolations(trainee);

  // hold the frame still, then look elsewhere: the view and the picture change
  await trainee.getByRole('button', { name: 'Пауза' }).click();
  await expect(trainee.getByRole('button', { name: 'Воспроизвести' })).toBeVisible();
  const before = await canvasPicture(trainee);
  await expect(viewer).toHaveAttribute('data-view', '0,0');
  const box = await viewer.boundingBox();
  if (!box) throw new Error('the viewer has no box');
  await trainee.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await trainee.mouse.down();
  await trainee.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 40, { steps: 5 });
  await trainee.mouse.up();
  await expect(viewer).not.toHaveAttribute('data-view', '0,0');
  await expect.poll(async () => (await canvasPicture(trainee)).print).not.toBe(before.print);

  // the keyboard: focus, then an arrow turns the view by its step
  await viewer.focus();
  await expect(viewer).toBeFocused();
  const dragged = await viewer.getAttribute('data-view');
  await trainee.keyboard.press('ArrowLeft');
  await expect(viewer).not.toHaveAttribute('data-view', dragged ?? '');
  await trainee.context().close();
});

test('the compact home links to the media files, which page and pass axe at phone size', async ({ browser }) => {
  const trainee = await traineePage(browser, { width: 390, height: 844 });
  await expect(trainee).toHaveURL(/\/main$/);
  await trainee
    .getByRole('link', { name: /Медиафайлы/ })
    .first()
    .click();
  await expect(trainee).toHaveURL(/\/mediafiles$/);
  await expect(trainee.getByRole('heading', { name: 'Медиафайлы', level: 1 })).toBeVisible();
  await expect(trainee.getByRole('listitem').filter({ hasText: RUN }).first()).toBeVisible();
  expect(await trainee.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(trainee);
  await trainee.goto('/media');
  await expect(trainee.getByRole('heading', { name: 'Медиафайлы', level: 1 })).toBeVisible();
  await trainee.context().close();
});
