/**
 * Digital signatures made where the key is (the examiner's browser; the demo seed on the server):
 * opening a PKCS#12 file, making a detached CMS signature, and making keys for tests and the demo.
 * A subpath of its own (`@oqu/contracts/signing`) so that node-forge reaches only the pages and
 * processes that sign, never the package's main entry.
 */
export * from './cms.js';
export * from './keys.js';
export * from './pkcs12.js';
