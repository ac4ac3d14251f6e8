import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BitString, fromBER } from 'asn1js';
import { Certificate, ContentInfo, IssuerAndSerialNumber, type RelativeDistinguishedNames, SignedData } from 'pkijs';

/**
 * What the stand-in answers to the next POST /cms/verify: NCANode's verdicts, its refusal of a CMS
 * whose content digest differs (400), a failure (500), no answer at all, or any raw answer.
 */
export type NcaNodeVerdict =
  | 'valid'
  | 'bad_signature'
  | 'revoked'
  | 'certificate_invalid'
  | 'digest_mismatch'
  | 'server_error'
  | 'hang'
  | { status: number; body: string };

export interface NcaNodeRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

export interface NcaNodeStandIn {
  url: string;
  verdict: NcaNodeVerdict;
  /** rewrites the JSON answer of a verdict before it is sent, to test answers of another shape */
  reshape?: (answer: Record<string, unknown>) => unknown;
  readonly requests: NcaNodeRequest[];
  close(): Promise<void>;
}

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const NAME_TYPES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SURNAME',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.42': 'GIVENNAME',
};

const SIGNATURE_ALGORITHMS: Record<string, string> = {
  '1.2.398.3.10.1.1.1.2': 'ECGOST34310',
  '1.2.398.3.10.1.1.2.3.2': 'ECGOST3410-2015-512',
  '1.2.840.113549.1.1.11': 'SHA256WITHRSA',
};

/** NCANode's CertificateSubject: the DN's parts it names, IIN and BIN without their prefixes. */
function subjectInfo(name: RelativeDistinguishedNames) {
  const parts = name.typesAndValues.map((tv) => [NAME_TYPES[tv.type] ?? tv.type, String(tv.value.valueBlock.value)] as const);
  const part = (type: string) => parts.find(([t]) => t === type)?.[1];
  return {
    commonName: part('CN'),
    surName: part('SURNAME'),
    lastName: part('GIVENNAME'),
    organization: part('O'),
    iin: part('SERIALNUMBER')?.replace(/^IIN/, ''),
    bin: part('OU')?.replace(/^BIN/, ''),
    country: part('C'),
    dn: parts.map(([type, value]) => `${type}=${value}`).join(', '),
  };
}

// Jackson writes java.util.Date as 2022-05-02T08:38:13.000+00:00
const javaDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

function keyUsage(certificate: Certificate): 'SIGN' | 'AUTH' | 'UNKNOWN' {
  const extension = certificate.extensions?.find((e) => e.extnID === '2.5.29.15');
  const bits = extension ? fromBER(extension.extnValue.valueBlock.valueHexView).result : undefined;
  const first = bits instanceof BitString ? (bits.valueBlock.valueHexView[0] ?? 0) : 0;
  const digitalSignature = (first & 0x80) !== 0;
  if (digitalSignature && first & 0x40) return 'SIGN';
  if (digitalSignature && first & 0x20) return 'AUTH';
  return 'UNKNOWN';
}

/** The signer's certificate of a CMS, as NCANode finds it (by the signer's issuer and serial number). */
function signerCertificate(cmsBase64: string): Certificate | undefined {
  try {
    const signedData = new SignedData({ schema: new ContentInfo({ schema: fromBER(Buffer.from(cmsBase64, 'base64')).result }).content });
    const { sid } = signedData.signerInfos[0];
    if (!(sid instanceof IssuerAndSerialNumber)) return undefined;
    return (signedData.certificates ?? []).find(
      (c): c is Certificate => c instanceof Certificate && c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    );
  } catch {
    return undefined;
  }
}

function verification(certificate: Certificate, verdict: 'valid' | 'bad_signature' | 'revoked' | 'certificate_invalid', checks: string[]) {
  const revoked = verdict === 'revoked';
  return {
    status: 200,
    message: 'OK',
    valid: verdict === 'valid',
    signers: [
      {
        certificates: [
          {
            valid: verdict === 'valid' || verdict === 'bad_signature',
            revocations: checks.map((by) => ({
              revoked,
              by,
              revocationTime: revoked ? javaDate(new Date(Date.UTC(2022, 6, 1))) : null,
              reason: revoked ? 'keyCompromise' : null,
            })),
            notBefore: javaDate(certificate.notBefore.value),
            notAfter: javaDate(certificate.notAfter.value),
            keyUsage: keyUsage(certificate),
            serialNumber: BigInt(`0x${Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex')}`).toString(16),
            signAlg: SIGNATURE_ALGORITHMS[certificate.signatureAlgorithm.algorithmId] ?? certificate.signatureAlgorithm.algorithmId,
            keyUser: ['INDIVIDUAL'],
            subject: subjectInfo(certificate.subject),
            issuer: subjectInfo(certificate.issuer),
          },
        ],
        tsp: null,
      },
    ],
  };
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const clientError = (response: ServerResponse, message: string) => send(response, 400, { status: 400, message });

/**
 * A local stand-in for NCANode 3.x (POST /cms/verify, GET /actuator/health) for tests: it checks the
 * request the way NCANode does and answers in NCANode's shape about the CMS's real signer
 * certificate, but the verdict is the test's. It computes no GOST: NCANode does that with NCA RK's
 * Kalkan provider (Java, not public), which cannot run here.
 */
export async function startNcaNodeStandIn(): Promise<NcaNodeStandIn> {
  const requests: NcaNodeRequest[] = [];
  const state: NcaNodeStandIn = {
    url: '',
    verdict: 'valid',
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({ method: request.method ?? '', path, contentType: request.headers['content-type'], body });
    if (request.method === 'GET' && path === '/actuator/health') return send(response, 200, { status: 'UP' });
    if (request.method !== 'POST' || path !== '/cms/verify') return send(response, 404, { status: 404, message: 'Not Found' });
    if (!request.headers['content-type']?.startsWith('application/json'))
      return send(response, 415, { status: 415, message: 'Unsupported Media Type' });

    let json: { cms?: unknown; data?: unknown; revocationCheck?: unknown };
    try {
      json = JSON.parse(body);
    } catch {
      return clientError(response, 'JSON parse error');
    }
    const checks = json.revocationCheck ?? [];
    if (typeof json.cms !== 'string' || !json.cms || !base64.test(json.cms)) return clientError(response, 'cms: must be Base64');
    if (json.data !== undefined && (typeof json.data !== 'string' || !base64.test(json.data)))
      return clientError(response, 'data: must be Base64');
    if (!Array.isArray(checks) || !checks.every((check) => check === 'OCSP' || check === 'CRL')) {
      return clientError(response, 'revocationCheck: OCSP or CRL');
    }
    const certificate = signerCertificate(json.cms);
    if (!certificate) return clientError(response, 'Unable to read CMS');

    const { verdict } = state;
    if (verdict === 'hang') return; // holds the connection until close()
    if (typeof verdict === 'object') return send(response, verdict.status, verdict.body);
    if (verdict === 'server_error') return send(response, 500, { status: 500, message: 'Internal Server Error' });
    if (verdict === 'digest_mismatch') return clientError(response, 'message-digest attribute value does not match calculated value');
    const answer = verification(certificate, verdict, [...new Set(checks as string[])]);
    return send(response, 200, state.reshape ? state.reshape(answer) : answer);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
