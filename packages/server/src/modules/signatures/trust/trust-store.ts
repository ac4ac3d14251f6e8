import { Certificate, type PublicKeyInfo } from 'pkijs';
import { DirectoryFiles, derObjectsOf } from './directory-files.js';
import { commonNameOf } from './x509.js';

interface Anchor {
  file: string;
  certificate: Certificate;
  /** whether what its key signs can be verified by some configured means */
  usable: boolean;
}

export interface AnchorLog {
  warn(details: object, message: string): void;
}

/**
 * The certificates the server trusts as anchors: every certificate (DER, or PEM with any number per
 * file) in the trust directories, roots and intermediates alike. A chain ends at the first of them
 * it reaches. Reread like the CRLs, so an authority added to the directory counts without a restart.
 * An anchor whose key nothing configured can verify signatures of (a GOST family the in-process engine
 * lacks, without NCANode) is left out, with a warning naming its file once `watch` gave a log: nothing
 * it issued could be verified, and an unverified link is never taken.
 */
export class TrustStore {
  private readonly files: DirectoryFiles<Anchor>;
  private log: AnchorLog | null = null;
  /** the anchors left out that were warned about (a new version of their file is warned about again) */
  private readonly warned = new WeakSet<Anchor>();

  constructor(directories: string[], verifiable: (key: PublicKeyInfo) => boolean) {
    this.files = new DirectoryFiles(directories, (bytes, file) =>
      derObjectsOf(bytes, 'CERTIFICATE').map((der) => {
        const certificate = Certificate.fromBER(der);
        return { file, certificate, usable: verifiable(certificate.subjectPublicKeyInfo) };
      }),
    );
  }

  get configured(): boolean {
    return this.files.directories.length > 0;
  }

  /** Reads the anchors now, warning about those left out, and from then on whenever they are reread. */
  async watch(log: AnchorLog) {
    this.log = log;
    await this.anchors();
  }

  async anchors(): Promise<Certificate[]> {
    const anchors = await this.files.read();
    for (const anchor of anchors) {
      if (anchor.usable || !this.log || this.warned.has(anchor)) continue;
      this.warned.add(anchor);
      this.log.warn(
        { file: anchor.file, authority: commonNameOf(anchor.certificate.subject) },
        'a trust anchor’s key is of a kind nothing configured here verifies (a 256-bit or Russian GOST key without NCANode): it is not loaded',
      );
    }
    return anchors.filter((anchor) => anchor.usable).map((anchor) => anchor.certificate);
  }
}
