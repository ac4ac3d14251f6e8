import type { RoleMatrix } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type RoleRoute = RoleMatrix[number];

/** GET /api/roles: every API route with the roles that may call it. */
export function useRoleRoutes() {
  return useQuery({
    queryKey: ['roles', 'routes'],
    queryFn: async () => (await api<{ data: RoleMatrix }>('GET', '/api/roles')).data,
    staleTime: 5 * 60_000,
  });
}
