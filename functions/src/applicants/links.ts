/**
 * Sign-in links for applicants: Firebase Auth's e-mail link sign-in, made by the Admin SDK and
 * sent through the program's own outbox (so it reaches MailDev locally and is tested like every
 * other e-mail). The link points straight at the site's landing page with Firebase's own query
 * (`mode=signIn`, `oobCode`, `apiKey`): opening it (a GET, e.g. a mail scanner's prefetch)
 * changes nothing; the page signs in only when the person presses the button, and Firebase
 * spends the one-time code then.
 */
import { APPLICANT_PAGES, applicationReceivedEmail, signInLinkEmail } from '@mentorship/domain';
import type { ApplicantRole } from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { siteUrl } from '../email/config';
import { sendEmailNow } from '../email/outbox';
import { auth } from '../firebase';

/** The Admin SDK's link, rewritten to land on our own page with the same code. */
export async function signInLink(email: string): Promise<string> {
  const landing = `${siteUrl()}${APPLICANT_PAGES.signIn}`;
  const generated = new URL(
    await auth.generateSignInWithEmailLink(email, { url: landing, handleCodeInApp: true }),
  );
  const link = new URL(landing);
  for (const name of ['mode', 'oobCode', 'apiKey', 'lang', 'tenantId']) {
    const value = generated.searchParams.get(name);
    if (value) link.searchParams.set(name, value);
  }
  return link.toString();
}

/**
 * The applicant's e-mail after a public application: received, and the link that confirms the
 * address. Written after the application is stored (the link needs a call to Firebase Auth); if
 * it fails, the application waits unconfirmed and "Check my application" sends a new link.
 */
export async function sendConfirmationEmail(applicant: {
  role: ApplicantRole;
  id: string;
  fullName: string;
  email: string;
}): Promise<void> {
  try {
    const confirmLink = await signInLink(applicant.email);
    await sendEmailNow(
      applicant.email,
      applicationReceivedEmail({ ...applicant, siteUrl: siteUrl(), confirmLink }),
      { kind: 'application-received', subjectId: applicant.id },
    );
  } catch (error) {
    logger.error('Confirmation e-mail not written', {
      recordId: applicant.id,
      code: (error as { code?: unknown })?.code,
    });
  }
}

/** "Check my application": a new sign-in link, sent only to an address that applied. */
export async function sendSignInEmail(email: string, subjectId: string): Promise<void> {
  const link = await signInLink(email);
  await sendEmailNow(email, signInLinkEmail({ link, siteUrl: siteUrl() }), {
    kind: 'sign-in-link',
    subjectId,
  });
}
