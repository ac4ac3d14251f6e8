import { Certificate } from 'pkijs';
import { DirectoryFiles, derObjectsOf } from './directory-files.js';

/**
 * The certificates the server trusts as anchors: every certificate (DER, or PEM with any number per
 * file) in the trust directories, roots and intermediates alike. A chain ends at the first of them
 * it reaches. Reread like the CRLs, so an authority added to the directory counts without a restart.
 */
export class TrustStore {
  private readonly files: DirectoryFiles<Certificate>;

  constructor(directories: string[]) {
    this.files = new DirectoryFiles(directories, (bytes) => derObjectsOf(bytes, 'CERTIFICATE').map((der) => Certificate.fromBER(der)));
  }

  get configured(): boolean {
    return this.files.directories.length > 0;
  }

  anchors(): Promise<Certificate[]> {
    return this.files.read();
  }
}
