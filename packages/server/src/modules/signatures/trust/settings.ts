import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../config.js';

/** How the server decides whom to trust (README "Digital signatures", docs/ARCHITECTURE.md "Signature trust"). */
export interface TrustSettings {
  /** directories of trust anchors: NCA RK roots and intermediates */
  trustDirs: string[];
  crlDirs: string[];
  ocspUrl?: string;
  /** what a signature whose certificate's revocation status nothing told gets */
  revocationUnknown: 'refuse' | 'accept';
}

/** NCA RK's test authorities, kept in the repository (packages/server/trust/nca-test). */
export const NCA_TEST_TRUST_DIR = fileURLToPath(new URL('../../../../trust/nca-test', import.meta.url));
/** Under DATA_DIR: the demo's own authority's certificate, and the CRL it writes at every demo start. */
export const DEMO_TRUST_DIR = path.join('demo', 'trust');
export const DEMO_CRL_DIR = path.join('demo', 'crl');

/** NCA RK's test OCSP responder: asked about NCA RK test keys in the demo (no CRLs of theirs are current). */
export const NCA_TEST_OCSP_URL = 'http://test.pki.gov.kz/ocsp/';

const directories = (value: string | undefined) => (value ?? '').split(':').filter(Boolean);

/**
 * The trust settings of `config`. Unset directories mean none in production, so every signature is
 * refused until an administrator configures them; with demo data, the NCA RK test authorities and
 * the demo's own authority (and NCA RK's test OCSP responder), so that the demo's key and a
 * tester's NCA RK test key both sign.
 */
export function trustSettingsOf(config: Config): TrustSettings {
  const demo = config.SEED === 'demo';
  return {
    trustDirs: config.NCA_TRUST_DIR
      ? directories(config.NCA_TRUST_DIR)
      : demo
        ? [NCA_TEST_TRUST_DIR, path.join(config.DATA_DIR, DEMO_TRUST_DIR)]
        : [],
    crlDirs: config.NCA_CRL_DIR ? directories(config.NCA_CRL_DIR) : demo ? [path.join(config.DATA_DIR, DEMO_CRL_DIR)] : [],
    // with the demo's own trust anchors only: whoever names their anchors names their responder
    ocspUrl: config.NCA_OCSP_URL ?? (demo && !config.NCA_TRUST_DIR ? NCA_TEST_OCSP_URL : undefined),
    revocationUnknown: config.NCA_REVOCATION_UNKNOWN,
  };
}
