/**
 * The applicant's session and API calls. Loaded only by the applicant's pages (their own lazy
 * chunks), so Firebase stays out of every public page's first chunks.
 */
import { isSignInWithEmailLink, signInWithEmailLink, signOut } from 'firebase/auth';
import {
  myApplicationPaths,
  certificatePaths,
  interviewPaths,
  recommendationPaths,
  pairPaths,
  withVersion,
  type FitAnswer,
  type LogSessionInput,
  type MyPairsChange,
  type MyPairsResponse,
  type ProposeSessionInput,
  type MyApplication,
  type MyApplicationsResponse,
  type MyCertificate,
  type MyDataExport,
  type MyInterviewResponse,
  type MyRecommendation,
  type PersonKind,
} from '@mentorship/domain';
import { ApiRequestError, apiRequest, type RequestOptions } from '../../lib/api-client';
import { idToken } from '../../lib/id-token';
import { saveFile } from '../../lib/save-file';
import { auth } from '../../lib/firebase';
import { forgetSignInEmail, rememberLinkKey } from '../../lib/sign-in-email';

export const isSignInLink = (href: string) => isSignInWithEmailLink(auth, href);

/** Spends the link's one-time code, then confirms the address's applications. */
export async function signInWithLink(email: string, href: string): Promise<MyApplicationsResponse> {
  await signInWithEmailLink(auth, email.trim(), href);
  forgetSignInEmail();
  return kept(
    await applicantRequest<MyApplicationsResponse>(myApplicationPaths.confirm, { method: 'POST' }),
  );
}

/** Keeps the address's link key for later "Check my application" requests from this browser. */
const kept = (response: MyApplicationsResponse): MyApplicationsResponse => {
  rememberLinkKey(response.email, response.linkKey);
  return response;
};

export async function currentApplicant(): Promise<string | null> {
  await auth.authStateReady();
  return auth.currentUser?.email ?? null;
}

/** The signed-in applicant's token, or a 401 asking them to sign in. */
export const applicantToken = () => idToken('Sign in to continue.');

export async function applicantRequest<T>(
  path: string,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, token: await applicantToken() });
}

export const getMyApplications = async () =>
  kept(await applicantRequest<MyApplicationsResponse>(myApplicationPaths.me));

export const withdraw = (role: PersonKind) =>
  applicantRequest<MyApplication>(myApplicationPaths.withdraw(role), { method: 'POST' });

/** `version`: the application's `updatedAt` as shown; 409 when it has changed since. */
export const correct = (role: PersonKind, answers: Record<string, unknown>, version: string) =>
  applicantRequest<MyApplication>(withVersion(myApplicationPaths.application(role), version), {
    method: 'PUT',
    body: answers,
  });

export const exportMyData = () => applicantRequest<MyDataExport>(myApplicationPaths.export);

/** Erases everything, then signs out of this browser. */
export async function eraseMyData(): Promise<string> {
  const { message } = await applicantRequest<{ message: string }>(myApplicationPaths.me, {
    method: 'DELETE',
  });
  await signOut(auth);
  return message;
}

export const signOutApplicant = () => signOut(auth);

/** Saves a JSON value as a file download. */
export function downloadJson(value: unknown, filename: string): void {
  saveFile(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename);
}

// The pair section (pair-section.tsx): the months after matching.
export const getMyPairs = () => applicantRequest<MyPairsResponse>(pairPaths.myPairs);
type PairsOnly = Pick<MyPairsResponse, 'pairs'>;
export const logMySession = (id: string, body: LogSessionInput) =>
  applicantRequest<PairsOnly>(pairPaths.mySession(id), { method: 'POST', body });
export const answerMyFit = (id: string, fit: FitAnswer) =>
  applicantRequest<PairsOnly>(pairPaths.myFit(id), { method: 'POST', body: { fit } });
export const reportMyProblem = (id: string, note: string) =>
  applicantRequest<PairsOnly>(pairPaths.myProblem(id), { method: 'POST', body: { note } });
// Planned sessions: times travel as the wall clock of the browser's zone.
export const proposeMySession = (id: string, body: ProposeSessionInput) =>
  applicantRequest<MyPairsChange>(pairPaths.myPlanned(id), { method: 'POST', body });
export const counterMySession = (id: string, plannedId: string, body: ProposeSessionInput) =>
  applicantRequest<MyPairsChange>(pairPaths.myPlannedAction(id, plannedId, 'counter'), {
    method: 'POST',
    body,
  });
export const actOnMySession = (
  id: string,
  plannedId: string,
  action: 'accept' | 'cancel',
  timeZone: string,
) =>
  applicantRequest<MyPairsChange>(pairPaths.myPlannedAction(id, plannedId, action), {
    method: 'POST',
    body: { timeZone },
  });

// A mentor's screening interview: the open slots and their booking; book or move; cancel.
export const getMyInterview = () => applicantRequest<MyInterviewResponse>(interviewPaths.mine);
export const bookMyInterview = (slotId: string) =>
  applicantRequest<MyInterviewResponse>(interviewPaths.mine, { method: 'PUT', body: { slotId } });
export const cancelMyInterview = () =>
  applicantRequest<MyInterviewResponse>(interviewPaths.mine, { method: 'DELETE' });

// The participant's certificates, one's PDF (a file, so not through applicantRequest) and the
// survey that comes with it.
export const listMyCertificates = () =>
  applicantRequest<{ certificates: MyCertificate[] }>(certificatePaths.mine).then(
    ({ certificates }) => certificates,
  );
export async function downloadCertificatePdf(id: string): Promise<void> {
  const response = await fetch(certificatePaths.pdf(id), {
    headers: { Authorization: `Bearer ${await applicantToken()}` },
  });
  if (!response.ok) throw new ApiRequestError(response.status, 'internal', 'Download failed.');
  saveFile(await response.blob(), `certificate-${id}.pdf`);
}
export const answerCertificateSurvey = (id: string, survey: Record<string, unknown>) =>
  applicantRequest(certificatePaths.survey(id), { method: 'PUT', body: survey });

// "Recommend a classmate": where my invitation stands, and sending it (once).
export const getMyRecommendation = () =>
  applicantRequest<MyRecommendation>(recommendationPaths.mine);
export const recommendClassmate = (email: string) =>
  applicantRequest<MyRecommendation>(recommendationPaths.mine, {
    method: 'POST',
    body: { email },
  });
