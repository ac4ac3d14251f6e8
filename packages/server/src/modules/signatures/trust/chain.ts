import type { Certificate } from 'pkijs';
import { unprocessable } from '../../../errors.js';
import { authorityKeyIdOf, derOf, isCertificateAuthority, isValidAt, namesIssuer, verifyIssuedBy } from './x509.js';

/** A chain deeper than this is not NCA RK's (root, intermediate, holder) and is refused. */
const MAX_DEPTH = 8;
/**
 * Certificates that may have issued one link, at most: each costs a signature check (tens of
 * milliseconds for GOST), and a real authority has one or two keys under its name. More is an attack.
 */
export const MAX_ISSUER_CANDIDATES = 10;

/**
 * The chain from the signer's certificate up to a trust anchor: signer first, anchor last. Each
 * issuer is found by name and key identifier among the certificates the CMS carries and the anchors,
 * anchors first. Every authority on the way must be valid at `now` and a CA (basicConstraints cA,
 * keyCertSign), and must have signed the certificate below it: RSA, ECDSA and NCA RK's GOST links
 * are verified here. Only a GOST key of another family (256-bit GOST 34.10-2015, Russian GOST) is
 * checked by names, key identifiers, validity and CA flags alone: such a signature is accepted only
 * by NCANode, which checks the whole chain against its own NCA RK store. Refuses 'certificate_untrusted' when no anchor is reached, 'certificate_chain_invalid'
 * when an issuer was found but a link fails, or more than MAX_ISSUER_CANDIDATES claim to be it.
 */
export async function buildChain(signer: Certificate, carried: Certificate[], anchors: Certificate[], now: Date): Promise<Certificate[]> {
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
    if (candidates.length > MAX_ISSUER_CANDIDATES) throw unprocessable('certificate_chain_invalid');
    let issuer: Certificate | undefined;
    for (const candidate of candidates) {
      if (isValidAt(candidate, now) && isCertificateAuthority(candidate) && (await linkHolds(current, candidate))) {
        issuer = candidate;
        break;
      }
    }
    if (!issuer) throw unprocessable(candidates.length > 0 ? 'certificate_chain_invalid' : 'certificate_untrusted');
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

async function linkHolds(certificate: Certificate, issuer: Certificate): Promise<boolean> {
  const verified = await verifyIssuedBy(certificate, issuer);
  // another GOST family: structure only, see buildChain
  return verified === true || verified === 'gost';
}
