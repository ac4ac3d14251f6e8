import type { RevocationEvidence } from '../../../db/schema.js';

/**
 * What verifies GOST signatures (GOST 34.310-2004, GOST 34.10-2015 as NCA RK issues them), which
 * node:crypto cannot: NCANode beside us when NCANODE_URL is set, else the in-process implementation
 * (in-process.ts), which reproduces NCA RK's test vectors. A GOST signature neither can verify (a key
 * family the in-process one does not know) is refused, never accepted unverified.
 */
export interface GostVerifier {
  /**
   * Verifies a detached CMS (DER) over `content`: the signature, and the signer's certificate as
   * the verifier sees it (its own chain and revocation checks). Refuses with an AppError: 422
   * 'signature_invalid' (or 'signature_content_mismatch' when it can tell), 'certificate_revoked',
   * 'certificate_untrusted'; 503 'gost_verifier_unavailable' when the verifier does not answer.
   * Answers the revocation evidence it used, null when it checked none.
   */
  verifyCms(cms: Buffer, content: Buffer): Promise<{ revocation: RevocationEvidence | null }>;
  /** whether verifyCms checks the certificate's revocation itself (NCANode), so CRLs and OCSP need not */
  readonly checksRevocation?: boolean;
  /**
   * whether verifyCms verifies the signer's chain up to NCA RK itself (NCANode), so that a GOST link
   * of a key family this process cannot verify counts as verified once it answered (trust/chain.ts)
   */
  readonly checksChain?: boolean;
}
