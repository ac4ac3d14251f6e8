import { isGostAlgorithm } from '@oqu/contracts';
import type { Certificate } from 'pkijs';
import { unprocessable } from '../../../errors.js';
import type { MessageKey } from '../../../i18n/messages.js';
import {
  authorityKeyIdOf,
  derOf,
  hasUnknownCriticalExtension,
  isCertificateAuthority,
  isGostKey,
  isSelfIssued,
  isSha1Signed,
  isValidAt,
  namesIssuer,
  pathLengthOf,
  verifiesInProcess,
  verifyIssuedBy,
} from './x509.js';

/** A chain deeper than this is not NCA RK's (root, intermediate, holder) and is refused. */
const MAX_DEPTH = 8;
/**
 * Certificates that may have issued one link, at most: each costs a signature check (tens of
 * milliseconds for GOST), and a real authority has one or two keys under its name. More is an attack.
 */
export const MAX_ISSUER_CANDIDATES = 10;

export interface ChainOptions {
  /**
   * NCANode verifies (or, for a signature, has verified) this signer's chain against NCA RK's own
   * store: a GOST link of a key family this process cannot verify counts as verified by it. Never
   * set without NCANode: then such a link is unverified, and the chain refused.
   */
  gostLinksVerifiedByNcaNode?: boolean;
}

/**
 * The chain from the signer's certificate up to a trust anchor: signer first, anchor last. Each
 * issuer is found by name and key identifier among the certificates the CMS carries and the anchors,
 * anchors first, and is the one whose key signed the certificate below it: RSA and ECDSA (SHA-2)
 * links by node:crypto, NCA RK's GOST links by the GOST engine, another GOST family's only by NCANode
 * (`gostLinksVerifiedByNcaNode`). A link nobody verified is no link. Then RFC 5280 §6's basic path
 * rules, each refused with its own reason:
 * - a SHA-1 signature on any link: 'certificate_signature_sha1';
 * - an issuer that is no CA (basicConstraints cA, keyCertSign when keyUsage is present): 'certificate_issuer_not_ca';
 * - more intermediate authorities below an issuer than its pathLenConstraint allows: 'certificate_path_too_long';
 * - an issuer not valid at `now`, the moment of signing: 'certificate_issuer_expired' (the signer's
 *   own validity is certificateRefusals');
 * - a critical extension the checks do not know, on any certificate of the chain: 'certificate_critical_extension_unknown'.
 * 'certificate_untrusted' when no certificate claims to be an issuer, 'certificate_chain_invalid' when
 * some do but none signed the link (or more than MAX_ISSUER_CANDIDATES claim it, or the chain is deeper than MAX_DEPTH).
 */
export async function buildChain(
  signer: Certificate,
  carried: Certificate[],
  anchors: Certificate[],
  now: Date,
  options: ChainOptions = {},
): Promise<Certificate[]> {
  const anchorDers = anchors.map(derOf);
  const isAnchor = (certificate: Certificate) => {
    const der = derOf(certificate);
    return anchorDers.some((anchor) => anchor.equals(der));
  };
  const chain = [signer];
  for (let current = signer; !isAnchor(current); ) {
    if (chain.length > MAX_DEPTH) throw unprocessable('certificate_chain_invalid');
    if (isSha1Signed(current)) throw unprocessable('certificate_signature_sha1');
    const authorityKeyId = authorityKeyIdOf(current.extensions);
    const candidates = [...anchors, ...carried].filter(
      (candidate) => namesIssuer(candidate, current.issuer, authorityKeyId) && !chain.includes(candidate),
    );
    if (candidates.length > MAX_ISSUER_CANDIDATES) throw unprocessable('certificate_chain_invalid');
    // the authorities between the candidate and the signer (RFC 5280 §4.2.1.9: self-issued ones do not count)
    const intermediatesBelow = chain.slice(1).filter((certificate) => !isSelfIssued(certificate)).length;
    let issuer: Certificate | undefined;
    let refusal: MessageKey = candidates.length > 0 ? 'certificate_chain_invalid' : 'certificate_untrusted';
    for (const candidate of candidates) {
      if (!(await linkHolds(current, candidate, options))) continue;
      // its key signed the certificate: it is the issuer, and whether it may have issued it decides
      const broken = issuerRefusal(candidate, intermediatesBelow, now);
      if (!broken) {
        issuer = candidate;
        break;
      }
      refusal = broken;
    }
    if (!issuer) throw unprocessable(refusal);
    chain.push(issuer);
    current = issuer;
  }
  if (chain.some(hasUnknownCriticalExtension)) throw unprocessable('certificate_critical_extension_unknown');
  return chain;
}

function issuerRefusal(issuer: Certificate, intermediatesBelow: number, now: Date): MessageKey | null {
  if (!isCertificateAuthority(issuer)) return 'certificate_issuer_not_ca';
  if (intermediatesBelow > pathLengthOf(issuer)) return 'certificate_path_too_long';
  if (!isValidAt(issuer, now)) return 'certificate_issuer_expired';
  return null;
}

async function linkHolds(certificate: Certificate, issuer: Certificate, options: ChainOptions): Promise<boolean> {
  if (await verifyIssuedBy(certificate, issuer)) return true;
  const key = issuer.subjectPublicKeyInfo;
  return (
    options.gostLinksVerifiedByNcaNode === true &&
    isGostKey(key) &&
    !verifiesInProcess(key) &&
    isGostAlgorithm(certificate.signatureAlgorithm.algorithmId)
  );
}
