/** The Firebase Auth user an applicant's e-mail link created, deleted with their data. */
import { auth } from '../firebase';

/** Deletes the address's sign-in unless it belongs to a coordinator (admin claim). */
export async function deleteSignIn(email: string): Promise<void> {
  try {
    const user = await auth.getUserByEmail(email);
    if (user.customClaims?.admin === true) return;
    await auth.deleteUser(user.uid);
  } catch (error) {
    if ((error as { code?: string })?.code === 'auth/user-not-found') return;
    throw error;
  }
}
