import { createHash } from 'node:crypto';
import { type Integer, OctetString } from 'asn1js';
import {
  BasicOCSPResponse,
  type CertID,
  type Certificate,
  CryptoEngine,
  ExtKeyUsage,
  OCSPRequest,
  OCSPResponse,
  RelativeDistinguishedNames,
} from 'pkijs';
import type { RevocationEvidence } from '../../../db/schema.js';
import { MAX_ISSUER_CANDIDATES } from './chain.js';
import { derOf, isValidAt, namesIssuer, verifyAuthoritySignature, verifyIssuedBy } from './x509.js';

export type OcspStatus = { status: 'revoked' } | { status: 'good'; evidence: RevocationEvidence & { method: 'ocsp' } };

const HASHES: Record<string, string> = { '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256' };
const OID = { basicResponse: '1.3.6.1.5.5.7.48.1.1', ocspSigning: '1.3.6.1.5.5.7.3.9', extKeyUsage: '2.5.29.37' };
/** the responder's answer is bounded: signing holds the exam's row while it waits */
const TIMEOUT_MS = 5_000;
/** a response without nextUpdate is fresh this long after its thisUpdate; clocks differ by this much */
const FRESH_MS = 15 * 60_000;
const CLOCK_SKEW_MS = 5 * 60_000;
/** NCA RK's responses are a few kilobytes (the answer and the responder's certificate): more is not one */
export const OCSP_MAX_BYTES = 64 * 1024;

const engine = () => new CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });

/**
 * Asks the OCSP responder at `url` (RFC 6960, POST application/ocsp-request) about `certificate`,
 * issued by `issuer`. Answers the status when the response is signed by the issuer itself or by a
 * responder certificate the issuer issued for OCSP signing, and is fresh; null when the responder
 * did not answer in time, answered "unknown", or answered something whose signature this process
 * did not verify (forged, SHA-1, or a key it cannot check): the revocation status is then unknown. A redirect, or an answer larger than OCSP_MAX_BYTES, is no answer:
 * the responder is the one configured, and what it sends is read into memory.
 */
export async function ocspStatus(url: string, certificate: Certificate, issuer: Certificate, now: Date): Promise<OcspStatus | null> {
  const request = new OCSPRequest();
  await request.createForCertificate(certificate, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer }, engine());
  let body: Buffer;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body: new Uint8Array(request.toSchema(true).toBER(false)),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok || !response.body) return null;
    body = await boundedBody(response.body, OCSP_MAX_BYTES);
  } catch {
    return null;
  }
  try {
    return await readOcspResponse(body, certificate.serialNumber, issuer, now, url);
  } catch {
    return null;
  }
}

/** The bytes of a response body, refused (thrown) as soon as they pass `limit`. */
async function boundedBody(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) {
      await stream.cancel().catch(() => {});
      throw new Error(`the OCSP response passes ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * What an OCSP response (DER) says about the certificate with this serial number that `issuer`
 * issued; null when it says nothing fresh and verified about it. Throws on bytes that are no response.
 */
export async function readOcspResponse(
  der: Buffer,
  serial: Integer,
  issuer: Certificate,
  now: Date,
  url: string,
): Promise<OcspStatus | null> {
  const response = OCSPResponse.fromBER(new Uint8Array(der));
  if (response.responseStatus.valueBlock.valueDec !== 0 || response.responseBytes?.responseType !== OID.basicResponse) return null;
  const basic = BasicOCSPResponse.fromBER(new Uint8Array(response.responseBytes.response.valueBlock.valueHexView));
  const responder = await responderOf(basic, issuer, now);
  if (!responder) return null;
  const signed = await verifyAuthoritySignature(
    basic.tbsResponseData.tbsView,
    basic.signatureAlgorithm.algorithmId,
    basic.signature.valueBlock.valueHexView,
    responder.subjectPublicKeyInfo,
  );
  if (!signed) return null;

  const single = basic.tbsResponseData.responses.find(
    ({ certID }) => certID.serialNumber.isEqual(serial) && identifiesIssuer(certID, issuer),
  );
  if (!single) return null;
  const fresh =
    single.thisUpdate.getTime() <= now.getTime() + CLOCK_SKEW_MS &&
    (single.nextUpdate
      ? now.getTime() <= single.nextUpdate.getTime() + CLOCK_SKEW_MS
      : now.getTime() - single.thisUpdate.getTime() <= FRESH_MS);
  if (!fresh) return null;
  // CertStatus ::= CHOICE { good [0], revoked [1], unknown [2] }
  const status = (single.certStatus as { idBlock: { tagNumber: number } }).idBlock.tagNumber;
  if (status === 1) return { status: 'revoked' };
  if (status !== 0) return null;
  return {
    status: 'good',
    evidence: { method: 'ocsp', url, producedAt: basic.tbsResponseData.producedAt.toISOString(), response: der.toString('base64') },
  };
}

/**
 * The certificate whose key signed the response: the one its responderID names, either the issuer
 * itself or a delegated responder the issuer issued with id-kp-OCSPSigning (RFC 6960 §4.2.2.2).
 */
async function responderOf(basic: BasicOCSPResponse, issuer: Certificate, now: Date): Promise<Certificate | null> {
  const { responderID } = basic.tbsResponseData;
  const named = (certificate: Certificate) =>
    responderID instanceof RelativeDistinguishedNames
      ? certificate.subject.isEqual(responderID)
      : responderID instanceof OctetString &&
        createHash('sha1')
          .update(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
          .digest()
          .equals(Buffer.from(responderID.valueBlock.valueHexView));
  if (named(issuer)) return issuer;
  const issuerDer = derOf(issuer);
  const delegated = (basic.certs ?? []).filter(
    (candidate) =>
      named(candidate) &&
      !derOf(candidate).equals(issuerDer) &&
      namesIssuer(issuer, candidate.issuer, null) &&
      isValidAt(candidate, now) &&
      isOcspSigner(candidate),
  );
  for (const candidate of delegated.slice(0, MAX_ISSUER_CANDIDATES)) {
    if (await verifyIssuedBy(candidate, issuer)) return candidate;
  }
  return null;
}

/** The CertID's hashes are of the issuer's name and key, with whichever hash the responder chose. */
function identifiesIssuer(certId: CertID, issuer: Certificate): boolean {
  const algorithm = HASHES[certId.hashAlgorithm.algorithmId];
  if (!algorithm) return false;
  const hash = (bytes: ArrayBuffer | Uint8Array) => createHash(algorithm).update(new Uint8Array(bytes)).digest();
  return (
    hash(issuer.subject.toSchema().toBER(false)).equals(Buffer.from(certId.issuerNameHash.valueBlock.valueHexView)) &&
    hash(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).equals(
      Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView),
    )
  );
}

function isOcspSigner(certificate: Certificate): boolean {
  const usage = certificate.extensions?.find((e) => e.extnID === OID.extKeyUsage)?.parsedValue;
  return usage instanceof ExtKeyUsage && usage.keyPurposes.includes(OID.ocspSigning);
}
