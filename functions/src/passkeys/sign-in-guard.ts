/**
 * Firebase leaves e-mail link sign-in on for applicants ("Check my application"), and anyone can
 * ask Firebase's public API to mail a sign-in link to any address. For a coordinator that would
 * make the mailbox alone a way in to the account's first step; the passkey and the enrolment code
 * still stand behind it, but nothing the program does needs it, so the sign-in is refused before
 * Firebase issues a token: this check runs as a blocking function (`beforeSignIn`, index.ts), in
 * production and on the Auth emulator alike. It reads the claims Firebase hands it, no database,
 * so it stays well inside the 7 seconds a blocking function has.
 */
import { HttpsError } from 'firebase-functions/v2/identity';
import { SESSION_MESSAGES } from '@mentorship/domain';

/** What the check reads of Firebase's event: `eventType` ends with `:<sign-in method>`. */
export interface SignInAttempt {
  eventType: string;
  data?: { customClaims?: Record<string, unknown> } | undefined;
}

export function refuseCoordinatorEmailLink(attempt: SignInAttempt): void {
  const method = attempt.eventType.split(':').at(1);
  if (method === 'emailLink' && attempt.data?.customClaims?.admin === true) {
    throw new HttpsError('permission-denied', SESSION_MESSAGES.emailLinkRefused);
  }
}
