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
import { Timestamp } from 'firebase-admin/firestore';
import { MY_APPLICATION_PAGES, linkPlaceholder, signInLinkEmail } from '@mentorship/domain';

/**
 * How long the e-mail check waits, by default, for the SMTP server to accept its message. Right
 * after a first deploy the outbox trigger's Eventarc route and deliverMail's first instance can
 * take minutes before the message is even handed over; 180 s was seen to be tight.
 */
export const MAIL_WAIT_DEFAULT_S = 600;

/** `--mail-wait <seconds>` (a whole number from 10 to 3600), or the default. */
export function mailWaitSeconds(value: string | undefined): number {
  if (value === undefined) return MAIL_WAIT_DEFAULT_S;
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || seconds < 10 || seconds > 3600) {
    throw new Error(`--mail-wait takes whole seconds from 10 to 3600, not "${value}"`);
  }
  return seconds;
}

/** What the check uses of Firestore: one outbox document, made and read back. */
export interface OutboxDb {
  collection(path: 'mail'): {
    doc(): {
      id: string;
      create(data: Record<string, unknown>): Promise<unknown>;
      get(): Promise<{ get(field: 'delivery'): unknown }>;
    };
  };
}

export interface SmokeMailOptions {
  db: OutboxDb;
  site: string;
  to: string;
  /** The link from the message that arrived, or undefined when none arrived. */
  arrivedLink(subject: string, sentAt: Date): Promise<string | undefined>;
  /** Default MAIL_WAIT_DEFAULT_S. */
  timeoutMs?: number;
  pollMs?: number;
  /** Says what the check waits for, before it waits. */
  say?(line: string): void;
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
  const timeoutMs = options.timeoutMs ?? MAIL_WAIT_DEFAULT_S * 1000;
  options.say?.(
    `mail: waiting up to ${Math.round(timeoutMs / 1000)} s for deliverMail and the SMTP server to accept the message to ${options.to} (outbox ${ref.id}; right after a first deploy this can take minutes)...`,
  );
  const deadline = Date.now() + timeoutMs;
  let delivery: { state?: string; error?: string | null } | undefined;
  for (;;) {
    delivery = (await ref.get()).get('delivery') as typeof delivery;
    if (delivery?.state === 'SUCCESS' || delivery?.state === 'ERROR') break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 2000));
  }
  if (delivery?.state !== 'SUCCESS') {
    return [
      `the outbox message ${ref.id} to ${options.to} is ${delivery?.state ?? 'gone'}${delivery?.error ? ` (${delivery.error})` : ''}${delivery?.state === 'PENDING' ? ` after ${Math.round(timeoutMs / 1000)} s (a longer --mail-wait, or deliverMail's logs)` : ''}: deliverMail, the SMTP_URL secret or the SMTP server (docs/email.md)`,
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
