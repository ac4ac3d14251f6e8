import { openPkcs12, signDetached } from '@oqu/contracts/signing';

/**
 * Test keys and signatures for the server's tests: the one key factory of the web app's signing
 * feature, and a signature made by the browser's own code (forge opens the .p12, pkijs signs over
 * WebCrypto — Node's `globalThis.crypto` here), so the server is tested against what browsers send.
 */
export {
  asGostCertificate,
  generateRsaKeys,
  makeSigningKey,
  type SigningKey,
  type SigningKeyOptions,
} from '@oqu/contracts/signing';

export async function signDetachedInNode(pdf: Buffer, p12: Uint8Array, password: string, now?: Date): Promise<Buffer> {
  const opened = openPkcs12(p12.slice().buffer, password);
  return Buffer.from(await signDetached(new Uint8Array(pdf), opened.privateKey, opened.certificateDer, now));
}
