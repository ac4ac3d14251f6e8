/**
 * The part of ncalayer-js-client (MIT, github.com/sigex-kz/ncalayer-js-client) the signing page
 * uses. The package is a script without type declarations; it assigns its exports inside a
 * wrapper, so bundlers expose them on the default export only.
 */
declare module 'ncalayer-js-client' {
  export interface BasicsCmsParams {
    decode: boolean;
    encapsulate: boolean;
    digested: boolean;
    tsaProfile?: Record<string, never>;
  }

  export interface BasicsSignerParams {
    extKeyUsageOids: string[];
    chain: string[];
  }

  export class NCALayerClient {
    constructor(url?: string, allowKmdHttpApi?: boolean);
    wsConnection: WebSocket | null;
    /** KAZTOKEN mobile/desktop answered instead of NCALayer */
    isKmd: boolean;
    /** resolves NCALayer's version */
    connect(): Promise<string>;
    basicsSignCMS(
      allowedStorages: string[] | null,
      data: string | ArrayBuffer,
      signingParams: BasicsCmsParams,
      signerParams: BasicsSignerParams,
      locale?: string,
    ): Promise<string | string[]>;
    static get basicsStorageAll(): string[] | null;
    static get basicsCMSParamsDetachedNoTSP(): BasicsCmsParams;
  }

  /** Thrown by every call; `canceledByUser` when the person closed NCALayer's window. */
  export interface NCALayerError extends Error {
    canceledByUser?: boolean;
  }

  const ncalayer: { NCALayerClient: typeof NCALayerClient };
  export default ncalayer;
}
