/**
 * The calls of the pages an e-mail opens and of "Check my application", which need no sign-in:
 * they send the link's token (or the address) in the POST body. Apart from my-application-api.ts, so
 * these public pages load no Firebase.
 */
import {
  myApplicationPaths,
  carryForwardPaths,
  openingAlertPaths,
  pairPaths,
  type CarryForwardAnswer,
  type CheckInView,
  type MessageResponse,
} from '@mentorship/domain';
import { apiRequest } from '../../lib/api-client';
import { linkKeyFor } from '../../lib/sign-in-email';

/**
 * Sends a sign-in link if that address applied; the same answer either way. With the address's
 * link key when this browser holds one (an applicant who signed in here before).
 */
export const askForSignInLink = (email: string) => {
  const key = linkKeyFor(email);
  return apiRequest<{ message: string }>(myApplicationPaths.signInLink, {
    method: 'POST',
    body: key ? { email, key } : { email },
  });
};

/** Read only: opening the check-in page records nothing. */
export const viewCheckIn = (token: string) =>
  apiRequest<CheckInView>(pairPaths.checkInView, { method: 'POST', body: { token } });

/** The person's answer (checked against the domain's schema first), with the link's token. */
export const answerCheckIn = (token: string, answer: Record<string, unknown>) =>
  apiRequest<CheckInView>(pairPaths.checkInAnswer, {
    method: 'POST',
    body: { ...answer, token },
  });

/** Yes to the carry-forward question. */
export const keepApplication = (token: string) =>
  apiRequest<CarryForwardAnswer>(carryForwardPaths.answer, { method: 'POST', body: { token } });

/** Confirms "tell me when applications open", with the link's token. */
export const confirmOpeningAlert = (token: string) =>
  apiRequest<MessageResponse>(openingAlertPaths.confirm, { method: 'POST', body: { token } });
