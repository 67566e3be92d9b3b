/**
 * Calls an /api/admin/* endpoint as the signed-in administrator: fetches the current Firebase ID
 * token (refreshed by the SDK when it is about to expire) and sends it as a Bearer token.
 */
import { auth } from './firebase';
import { ApiRequestError, apiRequest, type RequestOptions } from './api-client';

export async function adminRequest<T>(
  path: string,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<T> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) {
    throw new ApiRequestError(401, 'unauthenticated', 'Sign in as an administrator to continue.');
  }
  const token = await user.getIdToken();
  return apiRequest<T>(path, { ...options, token });
}
