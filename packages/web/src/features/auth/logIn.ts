import type { LoginRequest, LoginResponse } from '@oqu/contracts';
import { api } from '../../lib/api';
import { type StoredUser, setSession } from '../../lib/session';

/**
 * POST /api/user/login; on success the user is stored (the guards then route by role). A plain call,
 * not a query hook: the sign-in page loads before the query cache. Being a same-origin fetch, it sends
 * the server's HttpOnly known-device cookie back, which lets this browser sign in while the account
 * is held back for guessing elsewhere.
 */
export async function logIn(body: LoginRequest): Promise<void> {
  const answer = await api<LoginResponse>('POST', '/api/user/login', body);
  // an earlier sign-in in this tab may have left its data cached: none of it is this person's
  const { queryClient } = await import('../../app/queryClient');
  queryClient.clear();
  setSession(answer.user as StoredUser);
}
