import { type RetakesPage, retakeEndpoints, userEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Envelope, isRecordId, type Paged } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { usersKeys } from '../users/api';
import type { Retake, RetakeRequest } from './types';

/** Calls of admin-back-office.md §7 "Retakes" (the answers carry their records under `exam`). */

export interface RetakesQuery {
  page: number;
  search?: string;
  user?: number;
}

export const retakesKeys = {
  all: ['retakes'] as const,
  list: (query: RetakesQuery) => ['retakes', 'list', query] as const,
  one: (id: number) => ['retakes', 'one', id] as const,
  candidate: (tabel: string) => ['retakes', 'candidate', tabel] as const,
};

/** The details row's own copy of the person (with the journal and the retakes), refreshed with the users. */
export const userRecordKey = (id: number) => [...usersKeys.one(id), 'journal'] as const;

export async function fetchRetakes(query: RetakesQuery): Promise<Paged<Retake>> {
  // without ?id= the answer is a page
  const answer = (await call(retakeEndpoints.list, { query: { page: query.page, search: query.search, user: query.user } })) as RetakesPage;
  return { status: answer.status, message: answer.message, data: answer.exam ?? [], pages: answer.pages, total: answer.total };
}

// with ?id= the answer is that one retake
export const fetchRetake = (id: number) => call(retakeEndpoints.list, { query: { id } }).then((r) => r.exam as Retake);
export const createRetake = (body: RetakeRequest) => call(retakeEndpoints.create, { body });
export const updateRetake = (id: number, body: RetakeRequest) => call(retakeEndpoints.update, { params: { id }, body });
export const deleteRetake = (id: number) => call(retakeEndpoints.remove, { params: { id } });
export const fetchCandidate = (tabel: string) => call(retakeEndpoints.lookUp, { query: { tabel } }).then((r) => r.exam);
export const fetchUserRecord = (id: number) => call(userEndpoints.get, { params: { id } }).then((r) => r.data);

// ---- hooks ----

export function useRetakes(query: RetakesQuery) {
  return useQuery({ queryKey: retakesKeys.list(query), queryFn: () => fetchRetakes(query), placeholderData: keepPreviousData });
}

export function useRetake(id: number | undefined) {
  return useQuery({ queryKey: retakesKeys.one(id ?? 0), queryFn: () => fetchRetake(id as number), enabled: isRecordId(id) });
}

/** The person with this personnel number and their plan's tests; nothing is asked for an empty number. */
export function useRetakeCandidate(tabel: string) {
  return useQuery({
    queryKey: retakesKeys.candidate(tabel),
    queryFn: () => fetchCandidate(tabel),
    enabled: tabel !== '',
    retry: false,
    staleTime: 30_000,
  });
}

/** The person's gradebook journal and retakes, for the details row of /admin/users. */
export function useUserRecord(id: number, enabled = true) {
  return useQuery({ queryKey: userRecordKey(id), queryFn: () => fetchUserRecord(id), enabled: enabled && isRecordId(id) });
}

/** A retake shows in the retakes list and in its person's details: a change refreshes both. */
function useInvalidateRetakes() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: retakesKeys.all }), client.invalidateQueries({ queryKey: usersKeys.all })]);
}

export function useSaveRetake() {
  const invalidate = useInvalidateRetakes();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RetakeRequest }): Promise<Envelope> =>
      id === undefined ? createRetake(body) : updateRetake(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteRetake() {
  const invalidate = useInvalidateRetakes();
  return useMutation({ mutationFn: deleteRetake, onSuccess: invalidate });
}
