import { authEndpoints, systemEndpoints } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchWithToken } from '../../lib/download';
import { call } from '../../lib/endpoint';
import { reportCardUrl } from '../exams/api';

/** The signed-in person as the server has it, with their IIN: the key must carry the same. */
export const useMe = () => useQuery({ queryKey: ['me'], queryFn: () => call(authEndpoints.me).then((r) => r.user) });

/** The report card's exact bytes, as the server will check the signature against them. */
export async function fetchReportCard(examId: number): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetchWithToken(reportCardUrl(examId));
  return new Uint8Array(await response.arrayBuffer());
}

/** The server's settings; NcaLayerUrl is where the examiner's NCALayer listens. */
export const useSettings = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: () => call(systemEndpoints.settings).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
