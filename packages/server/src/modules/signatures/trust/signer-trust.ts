import { certificateRefusals, readSigningCertificate, type SigningCertificate } from '@oqu/contracts';
import { Certificate } from 'pkijs';
import type { KeyFamily, RevocationEvidence } from '../../../db/schema.js';
import { AppError, unprocessable } from '../../../errors.js';
import type { MessageKey } from '../../../i18n/messages.js';
import { readDetachedSignature, verifySignatureValue } from '../cms.js';
import type { GostVerifier } from '../gost/gost-verifier.js';
import { buildChain, type ChainOptions } from './chain.js';
import { type CrlLog, type CrlProblem, CrlStore } from './crl-store.js';
import { ocspStatus } from './ocsp.js';
import type { TrustSettings } from './settings.js';
import { TrustStore } from './trust-store.js';
import { commonNameOf, derOf, isGostKey, verifiesInProcess } from './x509.js';

/** A signature the server accepts, with what it was verified against (stored with it). */
export interface TrustedSignature {
  certificate: SigningCertificate;
  signingTime: Date;
  keyFamily: KeyFamily;
  /** the issuing authority's common name */
  issuer: string;
  /** DER in base64, the signer's certificate first, the trust anchor last */
  chain: string[];
  revocation: RevocationEvidence;
}

/** How far a signer's clock may run ahead of the server's. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface VerifyOptions {
  /** the signature cannot be older than this (the exam's completion): signingTime before it is refused */
  notBefore?: Date;
}

/**
 * Whether a detached CMS signature is one the server accepts, checked cheapest and least trusting
 * first: the CMS's shape (at most MAX_CARRIED_CERTIFICATES), the signature value itself (RSA and
 * ECDSA in-process, GOST through the GOST verifier: a forged signature costs no chain building), the
 * signer's certificate fit for signing, its chain up to a trusted NCA RK authority, its signingTime,
 * and its revocation status (a current CRL, else OCSP, else the NCA_REVOCATION_UNKNOWN setting).
 * Every refusal is a 422 naming the reason; the GOST verifier answers 503 when it does not answer.
 */
export class SignerTrust {
  private readonly store: TrustStore;
  private readonly crls: CrlStore;

  constructor(
    private readonly settings: TrustSettings,
    private readonly gost: GostVerifier,
  ) {
    // NCANode verifies GOST chains itself: an anchor of a GOST family this process lacks is usable only with it
    this.store = new TrustStore(settings.trustDirs, (key) => verifiesInProcess(key) || (gost.checksChain === true && isGostKey(key)));
    this.crls = new CrlStore(settings.crlDirs, () => this.store.anchors());
  }

  async verify(der: Buffer, content: Buffer, now: Date, options: VerifyOptions = {}): Promise<TrustedSignature> {
    const signature = readDetachedSignature(der);
    // NCANode checks revocation against its own NCA RK store and its answer is the evidence; the
    // in-process GOST verifier checks none, so CRLs and OCSP decide, as for RSA
    let gostRevocation: RevocationEvidence | null = null;
    if (signature.keyFamily === 'GOST') gostRevocation = (await this.gost.verifyCms(der, content)).revocation;
    else verifySignatureValue(signature, content);
    const chain = await this.chainOf(signature.signerCertificate, signature.certificates, now, {
      gostLinksVerifiedByNcaNode: signature.keyFamily === 'GOST' && this.gost.checksChain === true,
    });
    // after the certificate's own checks: an expired certificate is refused as expired
    checkSigningTime(signature.signingTime, signature.certificate, now, options);
    const revocation = gostRevocation ?? (await this.revocationOf(chain, now));
    return {
      certificate: signature.certificate,
      signingTime: signature.signingTime,
      keyFamily: signature.keyFamily,
      issuer: commonNameOf(signature.signerCertificate.issuer),
      chain: chain.map((certificate) => derOf(certificate).toString('base64')),
      revocation,
    };
  }

  /**
   * Why the bare certificate `certificateDer` could not sign here now (the reason a signature with it
   * would be refused: its form, validity, key usage, chain or revocation), null when it could. What
   * the browser asks once a key file is opened, before it says the key fits. The IIN is the caller's
   * check. A GOST certificate's unknown revocation status is no reason when the GOST verifier checks
   * revocation itself at signing (NCANode).
   */
  async signerRefusal(certificateDer: Buffer, now: Date): Promise<MessageKey | null> {
    let signer: Certificate;
    let isGost: boolean;
    try {
      signer = Certificate.fromBER(new Uint8Array(certificateDer));
      isGost = readSigningCertificate(new Uint8Array(certificateDer)).isGost;
    } catch {
      return 'certificate_malformed';
    }
    try {
      // a GOST key's signature would go to NCANode, when it is the GOST verifier, which verifies the chain
      const chain = await this.chainOf(signer, [], now, { gostLinksVerifiedByNcaNode: isGost && this.gost.checksChain === true });
      const [, issuer] = chain;
      if (!isGost || !this.gost.checksRevocation) await this.revocationOf(chain, now);
      else if (issuer && (await this.crls.statusOf(signer, issuer, now))?.status === 'revoked') return 'certificate_revoked';
      return null;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 422) return error.key;
      throw error;
    }
  }

  /** The CRL files the server cannot use now (see CrlStore.problems). */
  crlProblems(now: Date): Promise<CrlProblem[]> {
    return this.crls.problems(now);
  }

  /**
   * Rereads the CRLs in the background from now on, logging those it cannot use, and reads the trust
   * anchors now, warning about any left out (TrustStore); `close` stops it.
   */
  watchCrls(log: CrlLog) {
    this.crls.watch(log);
    this.store.watch(log).catch((error: unknown) => log.error({ err: error }, 'the trust directories cannot be read'));
  }

  close() {
    this.crls.close();
  }

  /**
   * The signer's certificate checked as its holder's (valid at `now`, non-repudiation: AUTH keys
   * do not sign), and its chain up to a trust anchor (see buildChain).
   */
  async chainOf(signer: Certificate, carried: Certificate[], now: Date, options: ChainOptions = {}): Promise<Certificate[]> {
    const certificate = readSigningCertificate(derOf(signer));
    // whose IIN it must carry is the caller's business
    const [refusal] = certificateRefusals(certificate, certificate.iin, now, { gost: true });
    if (refusal) throw unprocessable(refusal);
    const anchors = await this.store.anchors();
    if (anchors.length === 0) throw unprocessable('trust_not_configured');
    return await buildChain(signer, carried, anchors, now, options);
  }

  /**
   * Whether the chain's certificates are revoked, for RSA and ECDSA chains. The signer's: a current
   * CRL of its issuer, else the OCSP responder, else the setting decides. The authorities below the
   * anchor: refused when a current CRL lists them (an authority's revocation is rare and CRLs of the
   * root are published; OCSP is not asked about them).
   */
  async revocationOf(chain: Certificate[], now: Date): Promise<RevocationEvidence> {
    for (let i = 1; i < chain.length - 1; i += 1) {
      if ((await this.crls.statusOf(chain[i], chain[i + 1], now))?.status === 'revoked') throw unprocessable('certificate_revoked');
    }
    const [signer, issuer] = chain;
    if (!issuer) return this.unknown('the certificate is itself a trust anchor');
    const fromCrl = await this.crls.statusOf(signer, issuer, now);
    const answer = fromCrl ?? (this.settings.ocspUrl ? await ocspStatus(this.settings.ocspUrl, signer, issuer, now) : null);
    if (answer?.status === 'revoked') throw unprocessable('certificate_revoked');
    if (answer) return answer.evidence;
    return this.unknown(this.settings.ocspUrl ? 'no current CRL, and the OCSP responder gave no answer' : 'no current CRL');
  }

  private unknown(reason: string): RevocationEvidence {
    if (this.settings.revocationUnknown === 'refuse') throw unprocessable('revocation_unknown');
    return { method: 'unknown', reason };
  }
}

/**
 * A signature's signingTime must be one its certificate was valid at, not after now (but for the
 * signer's clock running CLOCK_SKEW_MS ahead), and not before `notBefore` (the exam's completion:
 * a card signed before it was final is no signature of the final card).
 */
function checkSigningTime(signingTime: Date, certificate: SigningCertificate, now: Date, { notBefore }: VerifyOptions) {
  const at = signingTime.getTime();
  if (at > now.getTime() + CLOCK_SKEW_MS) throw unprocessable('signing_time_future');
  if (at < certificate.validFrom.getTime() || at > certificate.validTo.getTime()) throw unprocessable('signing_time_outside_validity');
  if (notBefore && at < notBefore.getTime() - CLOCK_SKEW_MS) throw unprocessable('signing_time_before_completion');
}
