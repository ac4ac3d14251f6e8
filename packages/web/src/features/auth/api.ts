import { authEndpoints, type ChangePasswordRequest, type LoginRequest } from '@oqu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint';
import { clearSession, type StoredUser, setSession } from '../../lib/session';

/** POST /api/user/login; on success the user is stored (the guards then route by role). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => call(authEndpoints.login, { body }),
    onSuccess: (answer) => {
      queryClient.clear();
      setSession(answer.user as StoredUser);
    },
  });
}

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
