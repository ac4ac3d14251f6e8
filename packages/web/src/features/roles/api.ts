import { type RoleMatrix, systemEndpoints } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint';

export type RoleRoute = RoleMatrix[number];

/** GET /api/roles: every API route with the roles that may call it. */
export function useRoleRoutes() {
  return useQuery({
    queryKey: ['roles', 'routes'],
    queryFn: async () => (await call(systemEndpoints.roles)).data,
    staleTime: 5 * 60_000,
  });
}
