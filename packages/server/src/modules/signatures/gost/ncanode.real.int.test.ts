import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { ncaTestFile } from '../../../test/gost-cms.js';
import { InProcessGostVerifier } from './in-process.js';
import { NcaNodeVerifier } from './ncanode.js';

/**
 * Against a real NCANode 3.x (Java with NCA RK's Kalkan provider, which is not public, so it runs
 * only where one is deployed): NCANODE_URL=http://127.0.0.1:14579. NCANode signs with NCA RK's test
 * keys from its own tests; those certificates expired in 2023 and chain to NCA RK's test authorities,
 * so NCANode must call them invalid, and we refuse them as untrusted (or revoked).
 */
const url = process.env.NCANODE_URL;
const card = Buffer.from('%PDF-1.7\nВедомость экзамена ЭК-1-2026 — Әбілқасымова Ғалия\n%%EOF');
const tampered = Buffer.concat([card, Buffer.from(' ')]);

const TEST_KEYS = [
  {
    name: 'GOST 34.10-2015 (512), expired',
    file: 'individual_valid_2015_gost.p12',
    password: 'Aa123456',
    refusal: /^422 certificate_untrusted$/,
  },
  // revoked at NCA RK's test OCSP responder, when NCANode can reach it
  {
    name: 'GOST 34.310-2004, revoked',
    file: 'ceo_sign_revoked_2004_gost.p12',
    password: 'Qwerty12',
    refusal: /^422 certificate_(revoked|untrusted)$/,
  },
];

const outcome = (verification: Promise<unknown>) =>
  verification.then(
    (result) => result,
    (error: unknown) => {
      if (error instanceof AppError) return `${error.statusCode} ${error.key}`;
      throw error;
    },
  );

async function signWithNcaNode(base: string, key: (typeof TEST_KEYS)[number]): Promise<Buffer> {
  const response = await fetch(`${base}/cms/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: card.toString('base64'),
      signers: [{ key: ncaTestFile(key.file).toString('base64'), password: key.password, keyAlias: null }],
      withTsp: false,
      detached: true,
    }),
  });
  const body = (await response.json()) as { status: number; message: string; cms?: string };
  if (!body.cms) throw new Error(`NCANode did not sign: ${body.status} ${body.message}`);
  return Buffer.from(body.cms, 'base64');
}

describe.skipIf(!url)('a real NCANode at NCANODE_URL', () => {
  const base = (url ?? '').replace(/\/+$/, '');

  it('is up', async () => {
    const response = await fetch(`${base}/actuator/health`);
    expect(((await response.json()) as { status: string }).status).toBe('UP');
  });

  it.each(TEST_KEYS)('refuses what it signs with NCA RK’s $name test key, and tells a changed content', async (key) => {
    const cms = await signWithNcaNode(base, key);
    const verifier = new NcaNodeVerifier(base);
    expect(await outcome(verifier.verifyCms(cms, card))).toMatch(key.refusal);
    // Kalkan throws on a content digest that differs (NCANode's 400) rather than answering valid: false
    expect(await outcome(verifier.verifyCms(cms, tampered))).toMatch(/^422 signature_(content_mismatch|invalid)$/);
  });

  it.each(TEST_KEYS)('signs with the $name test key what the in-process verifier verifies too', async (key) => {
    const cms = await signWithNcaNode(base, key);
    const verifier = new InProcessGostVerifier();
    expect(await outcome(verifier.verifyCms(cms, card))).toEqual({ revocation: null });
    expect(await outcome(verifier.verifyCms(cms, tampered))).toBe('422 signature_content_mismatch');
  });

  it('is unavailable at a path where no NCANode answers', async () => {
    const cms = await signWithNcaNode(base, TEST_KEYS[0]);
    expect(await outcome(new NcaNodeVerifier(`${base}/no-ncanode-here`).verifyCms(cms, card))).toBe('503 gost_verifier_unavailable');
  });
});
