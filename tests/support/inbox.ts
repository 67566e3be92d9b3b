/**
 * The test stack's mail: the MailDev inbox (MAILDEV_URL, its REST API `GET /api/email`): e-mails
 * to one address, polled until they arrive (bounded, never a fixed sleep); and the outbox (the
 * `mail` collection) where the function queues each message before it is sent.
 */
import { firestore } from './api';

export interface InboxMail {
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
}

const maildevUrl = () => {
  const value = process.env.MAILDEV_URL;
  if (!value) throw new Error('MAILDEV_URL is not set: run through `npm test`.');
  return value;
};

export async function inbox(): Promise<InboxMail[]> {
  const res = await fetch(`${maildevUrl()}/api/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as InboxMail[];
}

export const mailsTo = async (address: string): Promise<InboxMail[]> =>
  (await inbox()).filter((mail) =>
    mail.to.some((r) => r.address.toLowerCase() === address.toLowerCase()),
  );

/** The first e-mail to `address` whose subject matches, once it has arrived. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  timeoutMs = 45_000,
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((mail) => subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail "${subject}" to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in the mail's text that starts with `prefix` (e.g. the site's URL). */
export function linkIn(mail: InboxMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(match[0]);
}

/** A message in the outbox as the function queues it (functions/src/email/). */
export interface QueuedMail {
  kind: string;
  to: string[];
  message: {
    subject: string;
    text: string;
    attachments?: { filename: string; content: string; contentType: string }[];
  };
  createdAt: { toMillis(): number };
}

/** The outbox messages about one record (a person, a pair: their `subjectId`), oldest first. */
export async function queuedAbout(subjectId: string): Promise<QueuedMail[]> {
  const snap = await firestore().collection('mail').where('subjectId', '==', subjectId).get();
  return snap.docs
    .map((d) => d.data() as QueuedMail)
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
}
