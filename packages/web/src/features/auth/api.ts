import type { ChangePasswordRequest } from '@oqu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { clearSession } from '../../lib/session';

interface OkResponse {
  status: boolean;
  message: string;
}

/** POST /api/user/logout, then the session ends even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<OkResponse>('POST', '/api/user/logout'),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

/** PUT /api/user/changepass {Password, Newpassword}. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api<OkResponse>('PUT', '/api/user/changepass', body),
  });
}
