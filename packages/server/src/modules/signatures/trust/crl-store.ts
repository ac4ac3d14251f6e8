import path from 'node:path';
import type { Certificate } from 'pkijs';
import type { RevocationEvidence } from '../../../db/schema.js';
import { type ReadCrl, readCrl } from './crl-reader.js';
import { DirectoryFiles, derObjectsOf, type FileFailure } from './directory-files.js';
import { commonNameOf, namesIssuer, sha256Hex, verifyAuthoritySignature } from './x509.js';

interface StoredCrl extends ReadCrl {
  file: string;
  /** whether its signature verifies with a key (the SPKI's SHA-256): verified once per file and key */
  verifiedWith: Map<string, Promise<boolean>>;
  /** set once its signature was checked against the trust anchors of its issuer's name (see problems) */
  anchorsVerify?: boolean;
}

export type CrlStatus = { status: 'revoked' } | { status: 'good'; evidence: RevocationEvidence & { method: 'crl' } };

/** A CRL file the server cannot use: shown on /api/health/ready, logged once per version of the file. */
export interface CrlProblem {
  /** the file's name, without its directory */
  file: string;
  /**
   * unreadable: not a CRL we can parse; expired: its nextUpdate has passed (the download stopped);
   * unverified: a trusted authority of its issuer's name is there, but its signature verifies with none
   */
  problem: 'unreadable' | 'expired' | 'unverified';
  detail: string;
}

export interface CrlLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** How often the CRL directories are looked at in the background, besides at each signature. */
export const CRL_POLL_MS = 60_000;

/** a certificate's key, as the CRLs' verifications are kept by */
const keyOf = (certificate: Certificate) => sha256Hex(new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false)));

const isCurrent = (crl: ReadCrl, now: Date) => crl.thisUpdate <= now && crl.nextUpdate !== null && now <= crl.nextUpdate;

/**
 * The CRLs in the CRL directories (DER or PEM, any size: see crl-reader.ts), reread when a file
 * changes, at each lookup and every CRL_POLL_MS in the background once `watch` is called. A CRL counts
 * for an authority when it names the authority (and its key identifier), is current (thisUpdate ≤ now
 * ≤ nextUpdate) and its signature verifies with the authority's certificate (RSA, ECDSA or NCA RK GOST):
 * a CRL whose signature cannot be verified is no evidence. Until a current complete CRL of an authority
 * is read, its certificates' status is unknown here (null), never good; a delta CRL revokes on its own.
 */
export class CrlStore {
  private readonly files: DirectoryFiles<StoredCrl>;
  private log: CrlLog | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** the CRLs already logged as expired or unverified, by their SHA-256 */
  private readonly logged = new Set<string>();

  constructor(
    directories: string[],
    /** the trust anchors, whose CRLs are verified in the background, before a signature needs them */
    private readonly anchors: () => Promise<Certificate[]> = async () => [],
  ) {
    this.files = new DirectoryFiles(
      directories,
      async (bytes, file) => {
        const crls: StoredCrl[] = [];
        const started = Date.now();
        for (const der of derObjectsOf(bytes, 'X509 CRL')) crls.push({ ...(await readCrl(der)), file, verifiedWith: new Map() });
        if (crls.length === 0) throw new Error('no CRL in the file');
        const serials = crls.reduce((sum, crl) => sum + crl.revoked.size, 0);
        this.log?.info({ file, serials, ms: Date.now() - started, bytes: bytes.length }, 'CRL read');
        return crls;
      },
      ({ file, error }) =>
        this.log?.error({ file, error }, 'a CRL file cannot be read: its authority’s certificates are not checked against it'),
    );
  }

  /** Rereads changed files every CRL_POLL_MS (and now), logging what cannot be used. */
  watch(log: CrlLog) {
    this.log = log;
    if (this.timer || this.files.directories.length === 0) return;
    const poll = () =>
      this.problems(new Date(), { verify: true }).catch((error) => log.error({ err: error }, 'the CRL directories cannot be read'));
    this.timer = setInterval(poll, CRL_POLL_MS).unref();
    void poll();
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * What is wrong with the CRL files now, after rereading those that changed. Signatures are checked
   * (against the anchors that name each CRL's issuer) only with `verify`, which the background reread
   * asks for: a national GOST CRL takes seconds to hash, more than a readiness check should wait.
   * Without it, a CRL is told unverified once a check has found so.
   */
  async problems(now: Date, { verify = false } = {}): Promise<CrlProblem[]> {
    const crls = await this.files.read();
    if (verify) {
      const anchors = await this.anchors();
      for (const crl of crls) await this.checkAgainst(anchors, crl);
    }
    const unreadable = this.files
      .failures()
      .map(({ file, error }: FileFailure): CrlProblem => ({ file: path.basename(file), problem: 'unreadable', detail: error }));
    const expired = crls
      .filter((crl) => crl.nextUpdate === null || crl.nextUpdate < now)
      .map((crl): CrlProblem => {
        const detail = crl.nextUpdate ? `next update was due ${crl.nextUpdate.toISOString()}` : 'no next update';
        this.logOnce(crl, 'warn', 'a CRL has expired: its authority’s certificates are not checked against it');
        return { file: path.basename(crl.file), problem: 'expired', detail };
      });
    const unverified = crls
      .filter((crl) => crl.anchorsVerify === false)
      .map((crl): CrlProblem => {
        this.logOnce(crl, 'error', 'a CRL’s signature does not verify with its authority’s certificate: it is no evidence');
        return {
          file: path.basename(crl.file),
          problem: 'unverified',
          detail: 'its signature does not verify with its authority’s certificate',
        };
      });
    return [...unreadable, ...expired, ...unverified];
  }

  /** Verifies the CRL's signature with the anchors of its issuer's name, if any (an intermediate's CRL waits for its chain). */
  private async checkAgainst(anchors: Certificate[], crl: StoredCrl) {
    if (crl.anchorsVerify !== undefined) return;
    const issuers = anchors.filter((anchor) => namesIssuer(anchor, crl.issuer, crl.authorityKeyId));
    if (issuers.length === 0) return;
    let verified = false;
    for (const issuer of issuers) verified ||= await signedWith(crl, keyOf(issuer), issuer);
    crl.anchorsVerify = verified;
  }

  private logOnce(crl: StoredCrl, level: 'warn' | 'error', message: string) {
    if (this.logged.has(crl.sha256)) return;
    this.logged.add(crl.sha256);
    this.log?.[level]({ file: crl.file, thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate }, message);
  }

  /** Whether a current CRL of `issuer` lists `certificate`; null when no current complete CRL covers it. */
  async statusOf(certificate: Certificate, issuer: Certificate, now: Date): Promise<CrlStatus | null> {
    const key = keyOf(issuer);
    const current: StoredCrl[] = [];
    for (const stored of await this.files.read()) {
      if (namesIssuer(issuer, stored.issuer, stored.authorityKeyId) && isCurrent(stored, now) && (await signedWith(stored, key, issuer))) {
        current.push(stored);
      }
    }
    // a delta CRL lists what was revoked since its base: it revokes with or without its base at hand
    const serial = certificate.serialNumber.valueBlock.valueHexView;
    if (current.some(({ revoked }) => revoked.has(serial))) return { status: 'revoked' };
    const complete = current.filter((stored) => !stored.isDelta);
    if (complete.length === 0) return null;
    const newest = complete.reduce((a, b) => (b.thisUpdate > a.thisUpdate ? b : a));
    return {
      status: 'good',
      evidence: {
        method: 'crl',
        issuer: commonNameOf(newest.issuer),
        number: newest.number,
        thisUpdate: newest.thisUpdate.toISOString(),
        nextUpdate: newest.nextUpdate?.toISOString() ?? null,
        sha256: newest.sha256,
      },
    };
  }
}

function signedWith(stored: StoredCrl, key: string, issuer: Certificate): Promise<boolean> {
  let verified = stored.verifiedWith.get(key);
  if (verified === undefined) {
    // false when this process cannot verify the authority's key: such a CRL is no evidence either way
    verified = verifyAuthoritySignature(stored.tbs, stored.signatureAlgorithm, stored.signature, issuer.subjectPublicKeyInfo).catch(
      (error: unknown) => {
        // the GOST workers were busy (503): tried again next time
        stored.verifiedWith.delete(key);
        throw error;
      },
    );
    stored.verifiedWith.set(key, verified);
  }
  return verified;
}
