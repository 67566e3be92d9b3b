/**
 * The smoke test's e-mail check (`npm run smoke -- --mail-to <address>`): one message through the
 * deployed path an applicant's "Check my application" takes. It is written to the project's
 * outbox (the `mail` collection, in the functions' own shape) as a sign-in link e-mail for the
 * operator's address; the deployed `deliverMail` makes the link with its service account and
 * sends it with the SMTP secret. The outbox record then says whether the SMTP server accepted it,
 * and the arrival is confirmed by the link itself: the operator pastes the link from the e-mail
 * (a terminal prompt), or, on the emulators, the stack's MailDev is asked. The link must lead to
 * the site's sign-in page with Firebase's one-time code.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { MY_APPLICATION_PAGES, linkPlaceholder, signInLinkEmail } from '@mentorship/domain';

export interface SmokeMailOptions {
  db: Firestore;
  site: string;
  to: string;
  /** The link from the message that arrived, or undefined when none arrived. */
  arrivedLink(subject: string, sentAt: Date): Promise<string | undefined>;
  timeoutMs?: number;
  pollMs?: number;
}

export async function smokeMail(options: SmokeMailOptions): Promise<string[]> {
  const site = options.site.replace(/\/+$/, '');
  const message = signInLinkEmail({ link: linkPlaceholder(0), siteUrl: site });
  const sentAt = new Date();
  const ref = options.db.collection('mail').doc();
  await ref.create({
    kind: 'sign-in-link',
    subjectId: 'smoke-test',
    to: [options.to],
    message,
    links: [{ kind: 'sign-in', email: options.to }],
    createdAt: Timestamp.now(),
    delivery: { state: 'PENDING', attempts: 0, error: null, info: null, leaseExpireTime: null },
  });
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let delivery: { state?: string; error?: string | null } | undefined;
  for (;;) {
    delivery = (await ref.get()).get('delivery') as typeof delivery;
    if (delivery?.state === 'SUCCESS' || delivery?.state === 'ERROR') break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 2000));
  }
  if (delivery?.state !== 'SUCCESS') {
    return [
      `the outbox message ${ref.id} to ${options.to} is ${delivery?.state ?? 'gone'}${delivery?.error ? ` (${delivery.error})` : ''}: deliverMail, the SMTP_URL secret or the SMTP server (docs/email.md)`,
    ];
  }
  const link = await options.arrivedLink(message.subject, sentAt);
  if (!link)
    return [
      `the SMTP server accepted the message, but its arrival at ${options.to} was not confirmed`,
    ];
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return [`the link from the e-mail is not a URL: ${link.slice(0, 80)}`];
  }
  if (
    `${url.origin}${url.pathname}` !== `${site}${MY_APPLICATION_PAGES.signIn}` ||
    url.searchParams.get('mode') !== 'signIn' ||
    !url.searchParams.get('oobCode')
  ) {
    return [
      `the e-mailed link does not lead to ${site}${MY_APPLICATION_PAGES.signIn} with a sign-in code`,
    ];
  }
  return [];
}

/** The arrival as a MailDev inbox shows it (the emulators): the newest message with `subject`. */
export const maildevArrival =
  (inboxUrl: string, to: string, timeoutMs = 60_000) =>
  async (subject: string, sentAt: Date): Promise<string | undefined> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const all = (await (await fetch(`${inboxUrl}/api/email`)).json()) as {
        subject: string;
        text?: string;
        date?: string;
        to: { address: string }[];
      }[];
      const found = all.find(
        (m) =>
          m.subject === subject &&
          m.to.some((t) => t.address === to) &&
          (!m.date || new Date(m.date).getTime() >= sentAt.getTime() - 5_000),
      );
      const link = found?.text?.match(/https?:\/\/\S+oobCode=\S+/)?.[0];
      // A sentence may end right after the link.
      if (link) return link.replace(/[).,>\]]+$/, '');
      await new Promise((r) => setTimeout(r, 1000));
    }
    return undefined;
  };
