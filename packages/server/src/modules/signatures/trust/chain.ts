import type { Certificate } from 'pkijs';
import { unprocessable } from '../../../errors.js';
import { authorityKeyIdOf, derOf, isCertificateAuthority, isValidAt, namesIssuer, verifyIssuedBy } from './x509.js';

/** A chain deeper than this is not NCA RK's (root, intermediate, holder) and is refused. */
const MAX_DEPTH = 8;

/**
 * The chain from the signer's certificate up to a trust anchor: signer first, anchor last. Each
 * issuer is found by name and key identifier among the certificates the CMS carries and the anchors,
 * anchors first. Every authority on the way must be valid at `now` and a CA (basicConstraints cA,
 * keyCertSign), and must have signed the certificate below it: RSA and ECDSA links are verified
 * here. GOST links cannot be (node:crypto has no GOST 34.310/34.10): for them only names, key
 * identifiers, validity and CA flags are checked here, and the signature's whole chain is checked
 * by the GOST verifier (NCANode, against its own NCA RK store), which every GOST signature goes
 * through. Refuses 'certificate_untrusted' when no anchor is reached, 'certificate_chain_invalid'
 * when an issuer was found but a link fails.
 */
export function buildChain(signer: Certificate, carried: Certificate[], anchors: Certificate[], now: Date): Certificate[] {
  const anchorDers = anchors.map(derOf);
  const isAnchor = (certificate: Certificate) => {
    const der = derOf(certificate);
    return anchorDers.some((anchor) => anchor.equals(der));
  };
  const chain = [signer];
  for (let current = signer; !isAnchor(current); ) {
    if (chain.length > MAX_DEPTH) throw unprocessable('certificate_chain_invalid');
    const authorityKeyId = authorityKeyIdOf(current.extensions);
    const candidates = [...anchors, ...carried].filter(
      (candidate) => namesIssuer(candidate, current.issuer, authorityKeyId) && !chain.includes(candidate),
    );
    const issuer = candidates.find(
      (candidate) => isValidAt(candidate, now) && isCertificateAuthority(candidate) && linkHolds(current, candidate),
    );
    if (!issuer) throw unprocessable(candidates.length > 0 ? 'certificate_chain_invalid' : 'certificate_untrusted');
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

function linkHolds(certificate: Certificate, issuer: Certificate): boolean {
  const verified = verifyIssuedBy(certificate, issuer);
  // GOST: structure only, see buildChain
  return verified === true || verified === 'gost';
}
