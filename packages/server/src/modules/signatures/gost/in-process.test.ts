import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { GOST_2004, GOST_2015, makeGostCms, makeGostTestKey, makeNcaTestDoubleCms } from '../../../test/gost-cms.js';
import { gostDigest } from './gost-algorithms.js';
import { InProcessGostVerifier } from './in-process.js';

const verifier = new InProcessGostVerifier();
const card = Buffer.from('%PDF-1.7\nВедомость экзамена ЭК-1-2026 — Әбілқасымова Ғалия\n%%EOF');

const outcome = (cms: Buffer, content: Buffer = card) =>
  verifier.verifyCms(cms, content).then(
    (result) => result,
    (error: unknown) => {
      if (error instanceof AppError) return `${error.statusCode} ${error.key}`;
      throw error;
    },
  );

describe.each([GOST_2004, GOST_2015])('verifying a $name CMS in process', (family) => {
  const key = makeGostTestKey(family);
  const signed = (overrides: Partial<Parameters<typeof makeGostCms>[0]> = {}) =>
    makeGostCms({ content: card, family, certificateDer: key.certificateDer, sign: key.sign, ...overrides });

  it('accepts the key’s signature over the content, and checks no revocation itself', async () => {
    expect(await outcome(signed())).toEqual({ revocation: null });
  });

  it('tells a valid signature over other bytes from a broken one', async () => {
    expect(await outcome(signed(), Buffer.concat([card, Buffer.from(' ')]))).toBe('422 signature_content_mismatch');
    const broken = (data: Uint8Array) => {
      const signature = key.sign(data);
      signature[5] ^= 1;
      return signature;
    };
    expect(await outcome(signed({ sign: broken }))).toBe('422 signature_invalid');
  });

  it('refuses another key’s signature and a digest of the other family', async () => {
    const other = makeGostTestKey(family);
    expect(await outcome(signed({ sign: other.sign }))).toBe('422 signature_invalid');
    const otherFamily = family === GOST_2004 ? GOST_2015 : GOST_2004;
    expect(await outcome(signed({ messageDigest: gostDigest(otherFamily, card) }))).toBe('422 signature_content_mismatch');
  });
});

describe('what the in-process verifier refuses before any GOST arithmetic', () => {
  it('a CMS that is not one', async () => {
    expect(await outcome(Buffer.from('not a CMS'))).toBe('422 signature_malformed');
  });

  it('NCA RK’s real certificate with a signature value that is no signature', async () => {
    expect(await outcome(makeNcaTestDoubleCms(card))).toBe('422 signature_invalid');
  });

  it('a key of one family declaring the other family’s digest', async () => {
    const key = makeGostTestKey(GOST_2004);
    const cms = makeGostCms({
      content: card,
      family: { ...GOST_2004, digestAlgorithm: GOST_2015.digestAlgorithm },
      certificateDer: key.certificateDer,
      sign: key.sign,
    });
    expect(await outcome(cms)).toBe('422 signature_invalid');
  });
});

describe('the GOST arithmetic', () => {
  it('runs off the event loop: timers keep firing while a large content is hashed and verified', async () => {
    const key = makeGostTestKey(GOST_2015);
    const content = Buffer.alloc(1_000_000, 0x25);
    const cms = makeGostCms({ content, family: GOST_2015, certificateDer: key.certificateDer, sign: key.sign });
    await outcome(cms, card); // the worker started and warm
    let last = performance.now();
    let longestPause = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      expect(await outcome(cms, content)).toEqual({ revocation: null });
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    console.log(`GOST CMS over 1 MB verified in ${took.toFixed(0)} ms; the event loop paused at most ${longestPause.toFixed(0)} ms`);
    expect(longestPause).toBeLessThan(Math.max(100, took / 3));
  });
});
