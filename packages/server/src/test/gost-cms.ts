import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import gostLibrary from '@wavesenterprise/crypto-gost-js';
import { BitString, Integer, ObjectIdentifier, OctetString, PrintableString, Sequence, UTCTime, Utf8String } from 'asn1js';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  BasicConstraints,
  Certificate,
  CertificateRevocationList,
  ContentInfo,
  EncapsulatedContentInfo,
  Extension,
  Extensions,
  IssuerAndSerialNumber,
  PublicKeyInfo,
  RevokedCertificate,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
  Time,
} from 'pkijs';
import { arrayBuffer, GOST_FAMILIES, type GostFamily, gostDigest } from '../modules/signatures/gost/gost-algorithms.js';

/** NCA RK's public test material (packages/server/test/fixtures/nca, packages/server/trust/nca-test): DER, PEM read too. */
export function ncaTestFile(name: string): Buffer {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const file = [path.join(root, 'test/fixtures/nca', name), path.join(root, 'trust/nca-test', name)].find((candidate) => {
    try {
      return readFileSync(candidate).length > 0;
    } catch {
      return false;
    }
  });
  if (!file) throw new Error(`no NCA test file ${name}`);
  const bytes = readFileSync(file);
  const text = bytes.toString('latin1');
  return text.startsWith('-----BEGIN') ? Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64') : bytes;
}

export const [GOST_2004, GOST_2015] = GOST_FAMILIES;

const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
};

export interface GostTestKey {
  family: GostFamily;
  certificateDer: Buffer;
  sign(data: Uint8Array): Uint8Array;
}

export interface GostTestKeyOptions {
  commonName?: string;
  /** the holder's IIN, in the subject's serialNumber as NCA RK writes it ("IIN…"); none for an authority */
  iin?: string;
  /** an authority (keyCertSign, cRLSign, CA) or a signing key (digitalSignature, nonRepudiation) */
  usage?: 'authority' | 'signing';
  /** the authority that issues the certificate; self-issued without one */
  issuer?: GostTestKey;
  notBefore?: Date;
  notAfter?: Date;
}

/**
 * Signs, drawing a new random nonce when the engine trips over its own rare bug: its modular inverse
 * calls an undefined `subtract` on some values (a ReferenceError), which another nonce avoids.
 */
function signWithRetry(sign: () => ArrayBuffer): Uint8Array {
  for (let attempt = 1; ; attempt++) {
    try {
      return new Uint8Array(sign());
    } catch (error) {
      if (!(error instanceof ReferenceError) || attempt === 5) throw error;
    }
  }
}

/**
 * A fresh GOST key of an NCA RK family in a certificate shaped like NCA RK's (key parameters
 * SEQUENCE { curve, digest }, the raw little-endian key in an OCTET STRING), signed by the same
 * engine the server verifies with. For the plumbing (CMS, chains): that the engine computes GOST the
 * way NCA RK does is tested against NCA RK's own certificates.
 */
export function makeGostTestKey(family: GostFamily, options: GostTestKeyOptions = {}): GostTestKey {
  const { commonName = 'ТЕСТОВ ТЕСТ', iin, usage = 'signing', issuer } = options;
  const { publicKey, privateKey } = gostLibrary.GostEngine.execute(family.signing, 'generateKey', []);
  const sign = (data: Uint8Array) =>
    signWithRetry(() => gostLibrary.GostEngine.execute(family.signing, 'sign', [privateKey, arrayBuffer(data)]));
  const issuerFamily = issuer?.family ?? family;
  const algorithm = new AlgorithmIdentifier({ algorithmId: issuerFamily.signatureAlgorithm });
  const keyUsage =
    usage === 'authority'
      ? new BitString({ valueHex: Uint8Array.from([0x06]), unusedBits: 1 }) // keyCertSign, cRLSign
      : new BitString({ valueHex: Uint8Array.from([0xc0]), unusedBits: 6 }); // digitalSignature, nonRepudiation
  const certificate = new Certificate({
    version: 2,
    serialNumber: new Integer({ valueHex: Uint8Array.from([0x40, ...randomBytes(15)]) }),
    signature: algorithm,
    signatureAlgorithm: algorithm,
    subjectPublicKeyInfo: new PublicKeyInfo({
      algorithm: new AlgorithmIdentifier({
        algorithmId: family.keyAlgorithm,
        algorithmParams: new Sequence({
          value: [new ObjectIdentifier({ value: family.curve }), new ObjectIdentifier({ value: family.digestAlgorithm })],
        }),
      }),
      subjectPublicKey: new BitString({ valueHex: new OctetString({ valueHex: publicKey }).toBER() }),
    }),
    extensions: [
      new Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER() }),
      ...(usage === 'authority'
        ? [
            new Extension({
              extnID: OID.basicConstraints,
              critical: true,
              extnValue: new BasicConstraints({ cA: true }).toSchema().toBER(),
            }),
          ]
        : []),
    ],
  });
  certificate.subject.typesAndValues = [
    new AttributeTypeAndValue({ type: OID.commonName, value: new Utf8String({ value: commonName }) }),
    ...(iin ? [new AttributeTypeAndValue({ type: OID.serialNumber, value: new PrintableString({ value: `IIN${iin}` }) })] : []),
  ];
  certificate.issuer = issuer ? Certificate.fromBER(new Uint8Array(issuer.certificateDer)).subject : certificate.subject;
  certificate.notBefore.value = options.notBefore ?? new Date(Date.now() - 86_400_000);
  certificate.notAfter.value = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const tbs = new Uint8Array(certificate.encodeTBS().toBER());
  certificate.tbsView = tbs;
  certificate.signatureValue = new BitString({ valueHex: (issuer ?? { sign }).sign(tbs) });
  return { family, certificateDer: Buffer.from(certificate.toSchema().toBER()), sign };
}

export interface GostCmsOptions {
  content: Uint8Array;
  certificateDer: Buffer;
  family: GostFamily;
  /** signs the DER of the signed attributes */
  sign: (signedAttributes: Uint8Array) => Uint8Array;
  signingTime?: Date;
  /** the messageDigest attribute; the content's digest in the family's hash unless given */
  messageDigest?: Uint8Array;
}

/** A detached CMS SignedData (DER) the way NCALayer's basics module makes it for a GOST key. */
export function makeGostCms(options: GostCmsOptions): Buffer {
  const { family, content } = options;
  const certificate = Certificate.fromBER(new Uint8Array(options.certificateDer));
  const signedAttrs = new SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new Attribute({ type: OID.contentType, values: [new ObjectIdentifier({ value: OID.data })] }),
      new Attribute({ type: OID.signingTime, values: [new UTCTime({ valueDate: options.signingTime ?? new Date() })] }),
      new Attribute({
        type: OID.messageDigest,
        values: [new OctetString({ valueHex: options.messageDigest ?? gostDigest(family, content) })],
      }),
    ],
  });
  // the signature covers the attributes encoded as a SET (RFC 5652 §5.4), not as the [0] they travel in
  const signedBytes = new Uint8Array(signedAttrs.toSchema().toBER());
  signedBytes[0] = 0x31;
  const signer = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: new AlgorithmIdentifier({ algorithmId: family.digestAlgorithm }),
    signedAttrs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithmId: family.signatureAlgorithm }),
    signature: new OctetString({ valueHex: options.sign(signedBytes) }),
  });
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: [new AlgorithmIdentifier({ algorithmId: family.digestAlgorithm })],
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [certificate],
    signerInfos: [signer],
  });
  const contentInfo = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

/**
 * A GOST CMS from NCA RK's real test certificate (ceo_valid_sign_2004_gost.cer, whose private key is
 * not public), for the NCANode stand-in. Its signature value is a marker, not a GOST signature: only
 * the stand-in, which never checks signatures, "accepts" it.
 */
export function makeNcaTestDoubleCms(content: Uint8Array): Buffer {
  return makeGostCms({
    content,
    family: GOST_2004,
    certificateDer: ncaTestFile('ceo_valid_sign_2004_gost.cer'),
    sign: () => new Uint8Array(Buffer.from('test double, not a GOST signature'.padEnd(64, '.'))),
  });
}

/**
 * A CRL (v2, with cRLNumber) signed by a GOST authority, listing the certificates given (DER):
 * current from an hour ago for a week unless told otherwise.
 */
export function makeGostCrl(
  authority: GostTestKey,
  options: { revoked?: Buffer[]; thisUpdate?: Date; nextUpdate?: Date; number?: number } = {},
): Buffer {
  const thisUpdate = options.thisUpdate ?? new Date(Date.now() - 3_600_000);
  const algorithm = new AlgorithmIdentifier({ algorithmId: authority.family.signatureAlgorithm });
  const crl = new CertificateRevocationList({
    version: 1,
    signature: algorithm,
    signatureAlgorithm: algorithm,
    issuer: Certificate.fromBER(new Uint8Array(authority.certificateDer)).subject,
    thisUpdate: new Time({ type: 0, value: thisUpdate }),
    nextUpdate: new Time({ type: 0, value: options.nextUpdate ?? new Date(thisUpdate.getTime() + 7 * 86_400_000) }),
    revokedCertificates: (options.revoked ?? []).map(
      (der) =>
        new RevokedCertificate({
          userCertificate: Certificate.fromBER(new Uint8Array(der)).serialNumber,
          revocationDate: new Time({ type: 0, value: thisUpdate }),
        }),
    ),
    crlExtensions: new Extensions({
      extensions: [new Extension({ extnID: '2.5.29.20', extnValue: new Integer({ value: options.number ?? 1 }).toBER() })],
    }),
  });
  // the tbsCertList as toSchema encodes it afresh (encodeTBS is not public on CRLs)
  crl.tbsView = new Uint8Array((crl.toSchema(true) as Sequence).valueBlock.value[0].toBER());
  crl.signatureValue = new BitString({ valueHex: authority.sign(crl.tbsView) });
  return Buffer.from(crl.toSchema().toBER());
}

/**
 * The attack of issue 27: a GOST CMS over `content` whose certificate set also carries `count` GOST
 * authorities under its issuer's name (one authority's certificate renumbered: none of their
 * signatures holds). Building a chain through them would cost a GOST check each. 148 fit in the 47 KB
 * the sign route takes.
 */
export function makeManyAuthoritiesCms(content: Uint8Array, iin: string, count = 148): Buffer {
  // a short name, so that 148 fit
  const authority = makeGostTestKey(GOST_2004, { usage: 'authority', commonName: 'CA' });
  const key = makeGostTestKey(GOST_2004, { issuer: authority, iin });
  const cms = makeGostCms({ content, certificateDer: key.certificateDer, family: GOST_2004, sign: key.sign });
  const signedData = new SignedData({ schema: ContentInfo.fromBER(new Uint8Array(cms)).content });
  const renumbered = (serial: number) => {
    const certificate = Certificate.fromBER(new Uint8Array(authority.certificateDer));
    certificate.serialNumber = new Integer({ value: serial });
    certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
    return Certificate.fromBER(certificate.toSchema().toBER());
  };
  signedData.certificates = [...(signedData.certificates ?? []), ...Array.from({ length: count }, (_, i) => renumbered(i + 1))];
  const contentInfo = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}
