/**
 * The signed-in user's Firebase ID token (refreshed by the SDK when it is about to expire), for
 * the API's Bearer header; a 401 ApiRequestError saying `notSignedIn` when nobody is signed in.
 */
import { ApiRequestError } from './api-client';
import { auth } from './firebase';

export async function idToken(notSignedIn: string): Promise<string> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new ApiRequestError(401, 'unauthenticated', notSignedIn);
  return user.getIdToken();
}
