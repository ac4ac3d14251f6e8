import { z } from 'zod';
import type { RevocationEvidence } from '../../../db/schema.js';
import { unavailable, unprocessable } from '../../../errors.js';
import { readGostCms } from './gost-cms.js';
import type { GostVerifier } from './gost-verifier.js';

const revocationStatus = z.object({
  revoked: z.boolean(),
  by: z.enum(['OCSP', 'CRL']).nullish(),
  revocationTime: z.string().nullish(),
  reason: z.string().nullish(),
});

const certificateInfo = z.object({
  valid: z.boolean(),
  revocations: z.array(revocationStatus).nullish(),
  serialNumber: z.string(),
});

/**
 * NCANode 3.x's answer to POST /cms/verify. Its code (CmsSignerInfo) names each signer's
 * certificates `certificates`; its openapi.yml says `signers`: either is read, nothing else.
 */
const verification = z.object({
  status: z.number(),
  message: z.string().nullish(),
  valid: z.boolean(),
  signers: z.array(
    z
      .union([z.object({ certificates: z.array(certificateInfo) }), z.object({ signers: z.array(certificateInfo) })])
      .transform((signer) => ('certificates' in signer ? signer.certificates : signer.signers)),
  ),
});

/** NCANode's refusal of a CMS it could not verify (ClientException → 400), e.g. a content digest that differs. */
const clientError = z.object({ status: z.literal(400), message: z.string() });

const notAnswered = () => unavailable('gost_verifier_unavailable');

/**
 * Verifies GOST signatures with NCANode (github.com/malikzh/NCANode, NCA RK's Kalkan behind an HTTP
 * API) deployed beside the server: its POST /cms/verify with the detached content and an OCSP check.
 * NCANode checks the signature, the certificate's dates and issuer, and its revocation at NCA RK's
 * OCSP responder; its answer is the revocation evidence kept with the signature. A service that does
 * not answer, or answers something else than its documented shape, is 503: never an acceptance.
 */
export class NcaNodeVerifier implements GostVerifier {
  readonly checksRevocation = true;
  readonly checksChain = true;

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async verifyCms(cms: Buffer, content: Buffer): Promise<{ revocation: RevocationEvidence }> {
    const { serial } = readGostCms(cms);
    const endpoint = `${this.url.replace(/\/+$/, '')}/cms/verify`;
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ cms: cms.toString('base64'), data: content.toString('base64'), revocationCheck: ['OCSP'] }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      body = await response.json();
    } catch {
      throw notAnswered();
    }

    const refused = clientError.safeParse(body);
    if (status === 400 && refused.success) {
      // Kalkan throws, rather than answering valid: false, when the content's digest differs from the signed one
      throw unprocessable(/message-digest/i.test(refused.data.message) ? 'signature_content_mismatch' : 'signature_invalid');
    }
    const answer = verification.safeParse(body);
    if (status !== 200 || !answer.success || answer.data.status !== 200) throw notAnswered();

    const certificates = answer.data.signers.length === 1 ? answer.data.signers[0] : [];
    const certificate = certificates.length === 1 ? certificates[0] : undefined;
    if (answer.data.valid) {
      // a verdict about another signer than the one we sent is no verdict
      if (certificate?.serialNumber.toLowerCase() !== serial) throw notAnswered();
      return { revocation: { method: 'ncanode', url: this.url, revocations: certificate.revocations ?? [] } };
    }
    if (certificate?.revocations?.some((revocation) => revocation.revoked)) throw unprocessable('certificate_revoked');
    if (certificate && !certificate.valid) throw unprocessable('certificate_untrusted');
    throw unprocessable('signature_invalid');
  }
}
