/**
 * Calls an /api/admin/* endpoint as the signed-in administrator: fetches the current Firebase ID
 * token (refreshed by the SDK when it is about to expire) and sends it as a Bearer token.
 */
import { apiRequest, type RequestOptions } from './api-client';
import { idToken } from './id-token';

export async function adminRequest<T>(
  path: string,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<T> {
  const token = await idToken('Sign in as an administrator to continue.');
  return apiRequest<T>(path, { ...options, token });
}
