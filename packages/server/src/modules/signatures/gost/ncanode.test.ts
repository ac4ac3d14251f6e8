import { Certificate } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { makeNcaTestDoubleCms, ncaTestFile } from '../../../test/gost-cms.js';
import { type NcaNodeStandIn, startNcaNodeStandIn } from '../../../test/ncanode-stand-in.js';
import { NcaNodeVerifier } from './ncanode.js';

// bytes that survive no text round trip: a UTF-8 report card with a NUL and a lone 0xff
const card = Buffer.concat([Buffer.from('%PDF-1.7\nВедомость — Әбілқасымова Ғалия\n'), Buffer.from([0x00, 0xff, 0x0a])]);
const cms = makeNcaTestDoubleCms(card);
const ncaSerial = BigInt(
  `0x${Buffer.from(Certificate.fromBER(new Uint8Array(ncaTestFile('ceo_valid_sign_2004_gost.cer'))).serialNumber.valueBlock.valueHexView).toString('hex')}`,
).toString(16);

let standIn: NcaNodeStandIn;
beforeAll(async () => {
  standIn = await startNcaNodeStandIn();
});
afterAll(() => standIn.close());

const outcome = (verifier: NcaNodeVerifier, signature = cms) =>
  verifier.verifyCms(signature, card).then(
    (result) => result,
    (error: unknown) => {
      if (error instanceof AppError) return `${error.statusCode} ${error.key}`;
      throw error;
    },
  );
const verify = (answer: Pick<NcaNodeStandIn, 'verdict' | 'reshape'>) => {
  standIn.verdict = answer.verdict;
  standIn.reshape = answer.reshape;
  return outcome(new NcaNodeVerifier(standIn.url));
};

describe('verifying a GOST signature with NCANode', () => {
  it('sends NCANode’s documented request: the CMS and the exact content in Base64, with an OCSP check', async () => {
    const before = standIn.requests.length;
    await verify({ verdict: 'valid' });
    const [request] = standIn.requests.slice(before);
    expect(request).toMatchObject({ method: 'POST', path: '/cms/verify', contentType: 'application/json' });
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(['cms', 'data', 'revocationCheck']);
    expect(Buffer.from(body.data, 'base64').equals(card)).toBe(true);
    expect(Buffer.from(body.cms, 'base64').equals(cms)).toBe(true);
    expect(body.revocationCheck).toEqual(['OCSP']);
  });

  it('accepts NCANode’s valid verdict about our signer and keeps its revocation answer as the evidence', async () => {
    expect(await verify({ verdict: 'valid' })).toEqual({
      revocation: {
        method: 'ncanode',
        url: standIn.url,
        revocations: [{ revoked: false, by: 'OCSP', revocationTime: null, reason: null }],
      },
    });
  });

  it('reads the answer in its openapi.yml shape too, and a signer without revocations', async () => {
    const openapiShape = (answer: Record<string, unknown>) => ({
      ...answer,
      signers: (answer.signers as { certificates: Record<string, unknown>[] }[]).map(({ certificates }) => ({
        signers: certificates.map(({ revocations: _, ...certificate }) => certificate),
      })),
    });
    expect(await verify({ verdict: 'valid', reshape: openapiShape })).toEqual({
      revocation: { method: 'ncanode', url: standIn.url, revocations: [] },
    });
  });

  it.each([
    ['bad_signature', '422 signature_invalid'],
    ['revoked', '422 certificate_revoked'],
    ['certificate_invalid', '422 certificate_untrusted'],
    ['digest_mismatch', '422 signature_content_mismatch'],
    ['server_error', '503 gost_verifier_unavailable'],
  ] as const)('answers NCANode’s %s with %s', async (verdict, expected) => {
    expect(await verify({ verdict })).toBe(expected);
  });

  it('refuses what NCANode refuses for another reason than the content digest', async () => {
    const refusal = JSON.stringify({ status: 400, message: 'Unable to verify signature' });
    expect(await verify({ verdict: { status: 400, body: refusal } })).toBe('422 signature_invalid');
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>OK</html>' }],
    ['JSON of another shape', { status: 200, body: JSON.stringify({ valid: true }) }],
    ['a 400 that is not NCANode’s', { status: 400, body: 'Bad Request' }],
    ['a redirect', { status: 302, body: '{}' }],
  ])('is unavailable when NCANode answers %s', async (_, verdict) => {
    expect(await verify({ verdict })).toBe('503 gost_verifier_unavailable');
  });

  it.each([
    ['another signer’s certificate', (a: Record<string, unknown>) => JSON.parse(JSON.stringify(a).replace(ncaSerial, '1234abcd'))],
    ['two signers', (a: Record<string, unknown>) => ({ ...a, signers: [...(a.signers as unknown[]), ...(a.signers as unknown[])] })],
    ['no signer', (a: Record<string, unknown>) => ({ ...a, signers: [] })],
    ['a status other than 200 in the body', (a: Record<string, unknown>) => ({ ...a, status: 500 })],
    ['valid as a string', (a: Record<string, unknown>) => ({ ...a, valid: 'true' })],
  ])('never accepts a valid verdict about %s', async (_, reshape) => {
    expect(await verify({ verdict: 'valid', reshape })).toBe('503 gost_verifier_unavailable');
  });

  it('is unavailable, within its timeout, when NCANode does not answer', async () => {
    standIn.verdict = 'hang';
    const started = performance.now();
    expect(await outcome(new NcaNodeVerifier(standIn.url, 300))).toBe('503 gost_verifier_unavailable');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is unavailable when nothing listens at NCANODE_URL', async () => {
    const closed = await startNcaNodeStandIn();
    await closed.close();
    expect(await outcome(new NcaNodeVerifier(closed.url))).toBe('503 gost_verifier_unavailable');
  });

  it('refuses a CMS it cannot read before asking NCANode', async () => {
    const before = standIn.requests.length;
    standIn.verdict = 'valid';
    expect(await outcome(new NcaNodeVerifier(standIn.url), Buffer.from('not a CMS'))).toBe('422 signature_malformed');
    expect(standIn.requests.length).toBe(before);
  });
});

describe('the NCANode stand-in', () => {
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${standIn.url}/cms/verify`, { method: 'POST', headers: { 'content-type': contentType }, body }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  it('answers its health check', async () => {
    const response = await fetch(`${standIn.url}/actuator/health`);
    expect(await response.json()).toEqual({ status: 'UP' });
  });

  it('checks the request the way NCANode does', async () => {
    standIn.verdict = 'valid';
    standIn.reshape = undefined;
    const cmsBase64 = cms.toString('base64');
    expect((await post('{')).status).toBe(400);
    expect((await post(JSON.stringify({ data: 'AA==' }))).status).toBe(400);
    expect((await post(JSON.stringify({ cms: 'not base64!' }))).status).toBe(400);
    expect((await post(JSON.stringify({ cms: cmsBase64, data: 'AA=' }))).status).toBe(400);
    expect((await post(JSON.stringify({ cms: cmsBase64, revocationCheck: ['OCSP', 'TSP'] }))).status).toBe(400);
    expect((await post(JSON.stringify({ cms: Buffer.from('no CMS').toString('base64') }))).status).toBe(400);
    expect((await post(JSON.stringify({ cms: cmsBase64 }), 'text/plain')).status).toBe(415);
  });

  it('describes the CMS’s real signer certificate in NCANode’s words', async () => {
    standIn.verdict = 'revoked';
    const { status, body } = await post(JSON.stringify({ cms: cms.toString('base64'), revocationCheck: ['OCSP', 'CRL'] }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, message: 'OK', valid: false });
    const [certificate] = body.signers[0].certificates;
    expect(certificate).toMatchObject({
      valid: false,
      serialNumber: ncaSerial,
      signAlg: 'ECGOST34310',
      keyUsage: 'SIGN',
      notBefore: expect.stringMatching(/^2022-01-18T\d\d:\d\d:\d\d\.000\+00:00$/),
      subject: { commonName: 'ТЕСТОВ ТЕСТ', iin: '123456789011', bin: '123456789021' },
      issuer: { commonName: 'ҰКО 3.0 (GOST TEST)', country: 'KZ' },
    });
    expect(certificate.revocations.map((r: { by: string; revoked: boolean }) => [r.by, r.revoked])).toEqual([
      ['OCSP', true],
      ['CRL', true],
    ]);
  });
});
