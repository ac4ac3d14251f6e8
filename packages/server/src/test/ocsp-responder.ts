import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authoritySigner, type CertificateAuthority } from '@oqu/contracts/signing';
import { Constructed, Enumerated, GeneralizedTime, OctetString, Primitive } from 'asn1js';
import { BasicOCSPResponse, Certificate, OCSPRequest, OCSPResponse, ResponseBytes, ResponseData, SingleResponse } from 'pkijs';

export type OcspAnswer = 'good' | 'revoked' | 'unknown' | 'error';

export interface OcspResponder {
  url: string;
  /** what it answers next; 'error' is an HTTP 500 */
  answer: OcspAnswer;
  /** the requests it was sent */
  requests: number;
  close(): Promise<void>;
}

const DAY = 86_400_000;

/**
 * An OCSP responder (RFC 6960) for a test authority, on a free local port: it answers each request's
 * certificate with `answer`, in a BasicOCSPResponse the authority itself signs (SHA-256), good for a
 * day. Made with pkijs, as the server reads it.
 */
export async function startOcspResponder(authority: CertificateAuthority): Promise<OcspResponder> {
  const { key, engine } = await authoritySigner(authority);
  const issuer = Certificate.fromBER(authority.certificateDer);

  async function respond(body: Buffer, answer: Exclude<OcspAnswer, 'error'>): Promise<Uint8Array> {
    const request = OCSPRequest.fromBER(new Uint8Array(body));
    const now = new Date();
    const certStatus = {
      good: () => new Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }),
      revoked: () => new Constructed({ idBlock: { tagClass: 3, tagNumber: 1 }, value: [new GeneralizedTime({ valueDate: now })] }),
      unknown: () => new Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } }),
    }[answer]();
    const basic = new BasicOCSPResponse({
      tbsResponseData: new ResponseData({
        responderID: issuer.subject,
        producedAt: now,
        responses: request.tbsRequest.requestList.map(
          ({ reqCert }) => new SingleResponse({ certID: reqCert, certStatus, thisUpdate: now, nextUpdate: new Date(now.getTime() + DAY) }),
        ),
      }),
    });
    await basic.sign(key, 'SHA-256', engine);
    const response = new OCSPResponse({
      responseStatus: new Enumerated({ value: 0 }),
      responseBytes: new ResponseBytes({
        responseType: '1.3.6.1.5.5.7.48.1.1',
        response: new OctetString({ valueHex: basic.toSchema().toBER(false) }),
      }),
    });
    return new Uint8Array(response.toSchema().toBER(false));
  }

  const responder = { answer: 'good' as OcspAnswer, requests: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      responder.requests += 1;
      const { answer } = responder;
      if (answer === 'error' || request.headers['content-type'] !== 'application/ocsp-request') {
        response.writeHead(500).end();
        return;
      }
      respond(Buffer.concat(chunks), answer).then(
        (der) => response.writeHead(200, { 'content-type': 'application/ocsp-response' }).end(der),
        () => response.writeHead(400).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(responder, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
