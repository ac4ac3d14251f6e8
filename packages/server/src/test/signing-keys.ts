import { signDetached } from '../../../web/src/features/signing/cms.js';
import { openPkcs12 } from '../../../web/src/features/signing/pkcs12.js';

/**
 * Test keys and signatures for the server's tests: the one key factory of the web app's signing
 * feature, and a signature made by the browser's own code (forge opens the .p12, pkijs signs over
 * WebCrypto — Node's `globalThis.crypto` here), so the server is tested against what browsers send.
 */
export {
  asGostCertificate,
  generateTestKeys,
  makeTestKey,
  type TestKey,
  type TestKeyOptions,
} from '../../../web/src/features/signing/testKeys.js';

export async function signDetachedInNode(pdf: Buffer, p12: Uint8Array, password: string, now?: Date): Promise<Buffer> {
  const opened = openPkcs12(p12.slice().buffer, password);
  return Buffer.from(await signDetached(new Uint8Array(pdf), opened.privateKey, opened.certificateDer, now));
}
