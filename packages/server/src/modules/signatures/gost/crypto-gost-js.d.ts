/** The parts of @wavesenterprise/crypto-gost-js (a webpack bundle without types) the server uses. */
declare module '@wavesenterprise/crypto-gost-js' {
  interface GostEngine {
    execute(algorithm: object, method: 'digest', args: [ArrayBuffer]): ArrayBuffer;
    execute(algorithm: object, method: 'verify', args: [publicKey: ArrayBuffer, signature: ArrayBuffer, data: ArrayBuffer]): boolean;
    execute(algorithm: object, method: 'sign', args: [privateKey: ArrayBuffer, data: ArrayBuffer]): ArrayBuffer;
    execute(algorithm: object, method: 'generateKey', args: []): { publicKey: ArrayBuffer; privateKey: ArrayBuffer };
  }
  const library: { GostEngine: GostEngine };
  export default library;
}
