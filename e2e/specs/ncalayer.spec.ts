import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExamType } from '@oqu/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { issueExaminerKey, testAuthority, testAuthorityPem } from '../support/authority.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { confirmIn } from '../support/forms.js';
import { NcaLayerStandIn } from '../support/ncalayer-stand-in.js';
import { AdminApi, freshIin, pumpQuestions, runTag, type TraineeData } from '../support/testing-data.js';

/**
 * Signing the report card through NCALayer (issue "Sign with NCALayer"), with a stand-in for
 * NCALayer on this machine: the screen explains when NCALayer is absent and finds it once it runs;
 * cancelling in NCALayer's window and a key with another IIN leave the card unsigned; the
 * examiner's own key signs it end to end, over exactly the card's bytes.
 */

const ZONE = 'Asia/Almaty';

/** Signs in through the API: the bearer header of `person`. */
async function bearerOf(request: APIRequestContext, person: TraineeData) {
  const login = await request.post('/api/user/login', { data: { iin: person.iin, password: person.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).user.Token}` };
}

async function openSigning(browser: Browser, examiner: TraineeData, examId: number, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport });
  const page = await context.newPage();
  await signIn(page, examiner.iin, examiner.password);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto(`/admin/eds-authorization?exam=${examId}`);
  return { context, page };
}

async function signThroughNcaLayer(page: Page) {
  await page.getByRole('button', { name: 'Подписать через NCALayer' }).click();
  await confirmIn(page, 'Подписать табель?', 'Подписать');
}

test.describe
  .serial('signing the report card through NCALayer', () => {
    const tag = runTag();
    let examiner: TraineeData;
    let examId: number;
    let standIn: NcaLayerStandIn | undefined;

    test.beforeAll(async ({ request }) => {
      // a finished exam of one examiner, who has voted on its one trainee
      const admin = await AdminApi.signIn(request);
      const data = await admin.createTest({ name: `NCALayer ${tag}`, duration: 10, passMarks: 60, questions: pumpQuestions() });
      examiner = await admin.createStaff(2, 'Оспанов Даурен Ерикович');
      const trainee = await admin.createTrainee(data.planId, `Ким Алина ${tag}`);
      const created = await admin.call<{ data: { ID: number } }>('POST', '/api/exam/newexam', {
        Name: `Экзамен через NCALayer ${tag}`,
        PlanID: data.planId,
        TypeID: ExamType.Periodic,
        // now: the server refuses an exam that begins in the past (a minute's grace)
        BeginTime: new Date().toISOString(),
        Duration: 60,
        Examenators: [examiner.id],
      });
      examId = created.data.ID;
      const headers = await bearerOf(request, examiner);
      const vote = await request.post('/api/examenatorcheck', {
        headers,
        data: { Data: [{ UserID: trainee.id, ExamID: examId, Vote: 'true' }] },
      });
      expect(vote.ok(), await vote.text()).toBe(true);
      const completed = await request.post(`/api/exam/complete/id:${examId}`, { headers });
      expect(completed.ok(), await completed.text()).toBe(true);
    });
    test.afterAll(async () => {
      await standIn?.stop();
    });

    test('without NCALayer the screen says how to start it, and finds it once it runs', async ({ browser }) => {
      const { context, page } = await openSigning(browser, examiner, examId);
      const ncalayer = page.getByTestId('ncalayer');
      await expect(ncalayer).toHaveAttribute('data-state', 'absent');
      await expect(ncalayer).toContainText('NCALayer не запущен');
      await expect(ncalayer).toContainText('KAZTOKEN');
      await expect(page.getByRole('link', { name: 'Скачать NCALayer (ncl.pki.gov.kz)' })).toHaveAttribute(
        'href',
        'https://ncl.pki.gov.kz/',
      );
      // the key file stays the way to sign
      await expect(page.getByRole('heading', { name: 'Файл ключа (.p12)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Выбрать файл ключа' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      standIn = await NcaLayerStandIn.start();
      await page.getByRole('button', { name: 'Проверить снова' }).focus();
      await page.keyboard.press('Enter');
      await expect(ncalayer).toContainText('NCALayer 1.4 найден');
      await expect(page.getByRole('button', { name: 'Подписать через NCALayer' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Файл ключа (.p12)' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });

    test('cancelling in NCALayer’s window leaves the card unsigned and the screen usable (phone size)', async ({ browser }) => {
      if (!standIn) throw new Error('the stand-in did not start');
      standIn.mode = 'cancel';
      const { context, page } = await openSigning(browser, examiner, examId, { width: 390, height: 844 });
      const action = page.getByRole('button', { name: 'Подписать через NCALayer' });
      await expect(action).toBeInViewport();
      await signThroughNcaLayer(page);
      await expect(page.getByRole('status').filter({ hasText: 'Подписание отменено' })).toBeVisible();
      await expect(action).toBeEnabled();
      await expectNoSeriousA11yViolations(page);
      expect(standIn.requests).toHaveLength(1);
      await context.close();
    });

    test('a key with another IIN is refused before the signature is sent', async ({ browser, request }) => {
      if (!standIn) throw new Error('the stand-in did not start');
      standIn.mode = 'sign';
      standIn.key = issueExaminerKey(freshIin(), 'Серикова Мадина');
      const { context, page } = await openSigning(browser, examiner, examId);
      await signThroughNcaLayer(page);
      const refusal = page.getByRole('alert').filter({ hasText: 'Выбранным в NCALayer ключом подписать нельзя' });
      await expect(refusal).toContainText('не совпадает с ИИН вашей учётной записи');
      await expectNoSeriousA11yViolations(page);
      const signatures = await request.get(`/api/exam/reportcard/id:${examId}/signatures`, { headers: await bearerOf(request, examiner) });
      expect((await signatures.json()).data).toEqual([]);
      await context.close();
    });

    test('the examiner’s own key signs through NCALayer, over exactly the card’s bytes', async ({ browser, request }) => {
      if (!standIn) throw new Error('the stand-in did not start');
      standIn.key = issueExaminerKey(examiner.iin, examiner.fullname);
      const { context, page } = await openSigning(browser, examiner, examId);
      await signThroughNcaLayer(page);
      await expect(page).toHaveURL(`/admin/exam-results/${examId}`);
      await expect(page.getByTestId('report-card-signed')).toContainText(`Подписано ЭЦП: Оспанов Даурен, ИИН ${examiner.iin}`);
      await expect(page.getByTestId('exam-signatures')).toContainText(`Оспанов Даурен, ИИН ${examiner.iin}`);
      // what the server verified it against: the key family, the authority, the CRL
      await expect(page.getByTestId('exam-signatures')).toContainText(`Ключ RSA, выдан: ${testAuthority().name}`);
      await expect(page.getByTestId('exam-signatures')).toContainText(`отзыв — CRL ${testAuthority().name} №1`);
      await expectNoSeriousA11yViolations(page);
      await context.close();

      // NCALayer was asked for a detached CMS, without a timestamp, by a signing key, over the card as fetched
      const asked = standIn.requests.at(-1);
      expect(asked).toMatchObject({
        format: 'cms',
        signingParams: { decode: true, encapsulate: false, digested: false },
        signerParams: { extKeyUsageOids: ['1.3.6.1.5.5.7.3.4'], chain: [] },
        locale: 'ru',
      });
      expect(asked?.signingParams).not.toHaveProperty('tsaProfile');
      const headers = await bearerOf(request, examiner);
      const list = await request.get(`/api/exam/reportcard/id:${examId}/signatures`, { headers });
      const [stored] = (await list.json()).data as { Path: string; PdfPath: string }[];
      if (!stored) throw new Error('no signature stored');
      const signedPdf = await (await request.get(stored.PdfPath, { headers })).body();
      expect(standIn.lastSignedData().equals(signedPdf)).toBe(true);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'oqu-e2e-ncalayer-'));
      try {
        const file = (name: string, bytes: Buffer | string) => {
          fs.writeFileSync(path.join(folder, name), bytes);
          return path.join(folder, name);
        };
        const args = ['cms', '-verify', '-binary', '-purpose', 'any', '-inform', 'DER', '-out', '/dev/null'];
        execFileSync(
          'openssl',
          [
            ...args,
            '-CAfile',
            file('authority.pem', testAuthorityPem()),
            '-in',
            file('signature.p7s', await (await request.get(stored.Path, { headers })).body()),
            '-content',
            file('card.pdf', signedPdf),
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  });
