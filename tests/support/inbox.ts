/**
 * The test stack's mail: the MailDev inbox (MAILDEV_URL, its REST API `GET /api/email`): e-mails
 * to one address, polled until they arrive (bounded, never a fixed sleep); and the outbox (the
 * `mail` collection) where the function queues each message before it is sent.
 */
import { firestore } from './api';

export interface InboxMail {
  /** MailDev's id of the message. */
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
  /** What MailDev stored of each attachment: `GET /api/email/:id/attachment/:name` serves it. */
  attachments?: { contentType: string; generatedFileName: string }[];
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

/**
 * The messages to `address` (any letter case), from the stack's mail control
 * (scripts/lib/mail.ts), which filters MailDev's store where it is: waits poll this, not the
 * whole inbox, which by a lane's end holds hundreds of messages with their HTML.
 */
export async function mailsTo(address: string): Promise<InboxMail[]> {
  const control = process.env.MAIL_CONTROL_URL;
  if (!control) throw new Error('MAIL_CONTROL_URL is not set: run through `npm test`.');
  const res = await fetch(`${control}/mail?${new URLSearchParams({ to: address })}`);
  if (!res.ok) throw new Error(`The mail control answered ${res.status}`);
  return (await res.json()) as InboxMail[];
}

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

const FINAL_STATES = ['SUCCESS', 'ERROR'];

/**
 * Once no event fan-out is running (a coordinator's change of a cohort's event reaches its
 * invitees after the request, through the `eventFanout` trigger, which deletes its work document
 * when done or leaves it `waiting` for the daily job): polled, bounded.
 */
export async function fanoutsDone(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = await firestore()
      .collection('eventFanouts')
      .where('state', '==', 'running')
      .limit(1)
      .get();
    if (running.empty) return;
    if (Date.now() > deadline) throw new Error('An event fan-out did not finish');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Every e-mail to `addresses` there will be, read once nothing is left to send to them: no event
 * fan-out running (`fanoutsDone`), no door request waiting for its trigger (each is deleted when
 * handled), every outbox message to them
 * delivered or given up, and the inbox holding each delivered one. The program queues each e-mail
 * in the transaction of the action that causes it (a door's through its request), so after the
 * action has answered this is all of them: a test of "nothing more was sent" waits for that, not
 * for a guessed number of seconds. Throws when the outbox does not settle in time (e.g. the relay
 * is down: such a test reads the inbox itself).
 */
export async function settledMailsTo(
  addresses: string[],
  timeoutMs = 45_000,
): Promise<InboxMail[]> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const deadline = Date.now() + timeoutMs;
  await fanoutsDone(timeoutMs);
  for (;;) {
    const [doorRequests, ...queued] = await Promise.all([
      firestore().collection('doorRequests').limit(1).get(),
      // As typed and in lower case: the outbox keeps the address a message was sent to.
      ...[...new Set([...addresses, ...wanted])].map((a) =>
        firestore().collection('mail').where('to', 'array-contains', a).get(),
      ),
    ]);
    const docs = new Map(queued.flatMap((q) => q.docs.map((d) => [d.ref.path, d] as const)));
    const states = [...docs.values()].map((d) => String(d.get('delivery.state')));
    if (doorRequests.empty && states.every((s) => FINAL_STATES.includes(s))) {
      const delivered = states.filter((s) => s === 'SUCCESS').length;
      const mails = [
        ...new Map(
          (await Promise.all(wanted.map(mailsTo))).flat().map((mail) => [mail.id, mail] as const),
        ).values(),
      ];
      if (mails.length >= delivered) return mails;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The mail to ${addresses.join(', ')} did not settle: door requests ${doorRequests.size}, outbox states ${states.join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
