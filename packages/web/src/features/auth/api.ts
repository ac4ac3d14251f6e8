import { authEndpoints, type ChangePasswordRequest } from '@oqu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint';
import { clearSession } from '../../lib/session';

/** POST /api/user/logout, then the session ends even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

/** PUT /api/user/changepass {Password, Newpassword}. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(authEndpoints.changePassword, { body }),
  });
}
