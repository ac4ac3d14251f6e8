import { certificateRefusals, readSigningCertificate, type SigningCertificate } from '@oqu/contracts';
import type { Certificate } from 'pkijs';
import type { KeyFamily, RevocationEvidence } from '../../../db/schema.js';
import { unprocessable } from '../../../errors.js';
import { readDetachedSignature, verifySignatureValue } from '../cms.js';
import type { GostVerifier } from '../gost/gost-verifier.js';
import { buildChain } from './chain.js';
import { CrlStore } from './crl-store.js';
import { ocspStatus } from './ocsp.js';
import type { TrustSettings } from './settings.js';
import { TrustStore } from './trust-store.js';
import { commonNameOf, derOf } from './x509.js';

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

/**
 * Whether a detached CMS signature is one the server accepts: the signature itself (RSA and ECDSA
 * in-process, GOST through the GOST verifier), the signer's certificate fit for signing, its chain
 * up to a trusted NCA RK authority, and its revocation status (a current CRL, else OCSP, else the
 * NCA_REVOCATION_UNKNOWN setting). Every refusal is a 422 naming the reason; the GOST verifier
 * answers 503 when it does not answer.
 */
export class SignerTrust {
  private readonly store: TrustStore;
  private readonly crls: CrlStore;

  constructor(
    private readonly settings: TrustSettings,
    private readonly gost: GostVerifier,
  ) {
    this.store = new TrustStore(settings.trustDirs);
    this.crls = new CrlStore(settings.crlDirs);
  }

  async verify(der: Buffer, content: Buffer, now: Date): Promise<TrustedSignature> {
    const signature = readDetachedSignature(der);
    if (signature.keyFamily === 'RSA') verifySignatureValue(signature, content);
    const chain = await this.chainOf(signature.signerCertificate, signature.certificates, now);
    // NCANode checks revocation against its own NCA RK store and its answer is the evidence; the
    // in-process GOST verifier checks none, so CRLs and OCSP decide, as for RSA
    const gostRevocation = signature.keyFamily === 'GOST' ? (await this.gost.verifyCms(der, content)).revocation : null;
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
   * The signer's certificate checked as its holder's (valid at `now`, non-repudiation: AUTH keys
   * do not sign), and its chain up to a trust anchor (see buildChain).
   */
  async chainOf(signer: Certificate, carried: Certificate[], now: Date): Promise<Certificate[]> {
    const certificate = readSigningCertificate(derOf(signer));
    // whose IIN it must carry is the caller's business
    const [refusal] = certificateRefusals(certificate, certificate.iin, now, { gost: true });
    if (refusal) throw unprocessable(refusal);
    const anchors = await this.store.anchors();
    if (anchors.length === 0) throw unprocessable('trust_not_configured');
    return buildChain(signer, carried, anchors, now);
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
