/**
 * Sign-in links for applicants: Firebase Auth's e-mail link sign-in, made by the Admin SDK and
 * sent through the program's own outbox (so it reaches MailDev locally and is tested like every
 * other e-mail). The link points straight at the site's landing page with Firebase's own query
 * (`mode=signIn`, `oobCode`, `apiKey`): opening it (a GET, e.g. a mail scanner's prefetch)
 * changes nothing; the page signs in only when the person presses the button, and Firebase
 * spends the one-time code then.
 *
 * The link is made when the message is sent, not when it is asked for: the outbox stores the
 * message with a placeholder and the link to make (`links`, domain links.ts), and the sender
 * (email/links.ts) makes the link just before the SMTP send. So the application's transaction
 * and "Check my application" each write one document and call nothing else, and no stored
 * message holds a working credential.
 */
import {
  MY_APPLICATION_PAGES,
  applicationReceivedEmail,
  linkPlaceholder,
  signInLinkEmail,
} from '@mentorship/domain';
import type { Transaction } from 'firebase-admin/firestore';
import { siteUrl } from '../email/config';
import { findApplications } from '../application-locks/repository';
import type { LinkMakers } from '../email/links';
import type { Applicant } from '../email/moments';
import { queueEmail, sendEmailNow } from '../email/outbox';
import { auth } from '../firebase';

/**
 * The applicant's Auth account, made here (no password, address not yet verified) when the
 * address has none: sign-up from the browser is off on the project (`npm run setup`), so the
 * first link sign-in finds the account instead of creating it. Two sends racing for one address
 * end with one account.
 */
async function ensureAccount(email: string): Promise<void> {
  try {
    await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    await auth.createUser({ email }).catch((created: { code?: string }) => {
      if (created.code !== 'auth/email-already-exists') throw created;
    });
  }
}

/** The Admin SDK's link, rewritten to land on our own page with the same code. */
export async function signInLink(email: string): Promise<string> {
  await ensureAccount(email);
  const landing = `${siteUrl()}${MY_APPLICATION_PAGES.signIn}`;
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
 * address. Queued in the application's own transaction; the link is made at the send.
 */
export function queueConfirmationEmail(tx: Transaction, applicant: Applicant): void {
  queueEmail(
    tx,
    applicant.email,
    applicationReceivedEmail({
      ...applicant,
      siteUrl: siteUrl(),
      confirmLink: linkPlaceholder(0),
    }),
    {
      kind: 'application-received',
      subjectId: applicant.id,
      links: [{ kind: 'sign-in', email: applicant.email }],
    },
  );
}

/** "Check my application": a new sign-in link, sent only to an address that applied. */
export async function sendSignInEmail(email: string, subjectId: string): Promise<void> {
  await sendEmailNow(email, signInLinkEmail({ link: linkPlaceholder(0), siteUrl: siteUrl() }), {
    kind: 'sign-in-link',
    subjectId,
    links: [{ kind: 'sign-in', email }],
  });
}

/**
 * The door of "Check my application" (abuse/door-requests.ts, run by the trigger): the link goes
 * to the address's first application, and nothing to an address that did not apply.
 */
export async function sendSignInLinkIfKnown(email: string): Promise<void> {
  const found = await findApplications(email);
  if (found[0]) await sendSignInEmail(email, found[0].id);
}

/** How the outbox makes this feature's links (registered at start-up: email/links.ts). */
export const myApplicationLinks: LinkMakers<'sign-in'> = {
  'sign-in': (spec) => signInLink(spec.email),
};
