import { type CertificateLayout, type IssuedCertificatesPage, issuedCertificateEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { fetchWithToken } from '../../lib/download';
import { call, endpointUrl } from '../../lib/endpoint';

/** Calls of the issued certificates (issue «Results»: certificates, verification, the template's preview). */

export interface IssuedQuery {
  page: number;
  search?: string;
}

export const issuedCertificateKeys = {
  all: ['issued-certificates'] as const,
  own: ['issued-certificates', 'own'] as const,
  list: (query: IssuedQuery) => ['issued-certificates', 'list', query] as const,
  verify: (code: string) => ['issued-certificates', 'verify', code] as const,
};

/** The public page of a certificate, which its QR code points to. */
export const verifyPagePath = (code: string) => `/verify/${encodeURIComponent(code)}`;

/** GET /api/cer/user: the trainee's own certificates. */
export function useOwnCertificates() {
  return useQuery({
    queryKey: issuedCertificateKeys.own,
    queryFn: () => call(issuedCertificateEndpoints.own).then((answer) => answer.data),
  });
}

/** GET /api/cer/issued: the admin's paged, searched list. */
export function useIssuedCertificates(query: IssuedQuery) {
  return useQuery<IssuedCertificatesPage>({
    queryKey: issuedCertificateKeys.list(query),
    queryFn: () => call(issuedCertificateEndpoints.issued, { query: { page: query.page, search: query.search } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/cer/revoke/id:{id}; every list of certificates is stale afterwards. */
export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(issuedCertificateEndpoints.revoke, { params: { id }, body: { Reason: reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: issuedCertificateKeys.all }),
  });
}

/** GET /api/verify/{code}, signed in or not; `null` when no certificate has the code (404). */
export function useVerification(code: string) {
  return useQuery({
    queryKey: issuedCertificateKeys.verify(code),
    queryFn: async () => {
      try {
        return (await call(issuedCertificateEndpoints.verify, { params: { code } })).data;
      } catch (error) {
        // a malformed code is refused by the schema (400): for the reader it is as unknown as a missing one
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** The public PDF of a certificate (its `Path`), for pages that only know the code. */
export const certificatePdfPath = (code: string) => endpointUrl(issuedCertificateEndpoints.pdf, { params: { code } });

/** POST /api/cer/preview: a sample certificate of the template laid out as given, as a PDF blob. */
export async function previewCertificate(path: string, layout: CertificateLayout): Promise<Blob> {
  const response = await fetchWithToken(issuedCertificateEndpoints.preview.path, { Path: path, Layout: layout });
  return response.blob();
}
