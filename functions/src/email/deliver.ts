/**
 * Delivers `mail` documents over SMTP, at most once, and keeps trying through an outage.
 *
 * Each attempt first claims the document in a transaction (state PROCESSING with a lease,
 * attempts + 1); a trigger delivered again, a sweep, or a second instance finds it claimed or
 * sent and does nothing. A claim whose lease ran out means an instance died during a send: the
 * SMTP server may have accepted the message, so it is marked ERROR (shown to the coordinators,
 * who may send it again) rather than sent a second time.
 *
 * A failed attempt is classified (`classifyFailure`):
 * - permanent (an SMTP 5xx: an address that does not exist, a refused message): ERROR at once,
 *   with `attention` set so the coordinators' list shows it;
 * - unreachable (connection refused, dropped or timed out, a 421 greeting): the server is down
 *   for everyone. The message waits (RETRY, `nextAttemptAt`), and so does every message written
 *   after it, so that they leave in order of creation when it comes back;
 * - deferred (another 4xx, or its sign-in link could not be made): this message waits on its own.
 * Waits grow (`retryDelayMs`: 1, 2, 4, ... minutes, at most 30) for `RETRY_WINDOW_MS` (3 days)
 * from the first failure, then the message is ERROR with `attention`. Nothing here sleeps: the
 * trigger makes one attempt, and the scheduled `sweepMail` (index.ts) runs `sweepOutbox` every
 * minute, which takes the clock as an argument (the emulator runs no schedules: tests and
 * `npm run mail:sweep -- --at <ISO time>` call it).
 */
import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { RETENTION, addDays, type EmailContent } from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { LinkGone } from '../shared/tokens';
import { makeLink, messageWithLinks, type MakeLink } from './links';
import { mailCollection, type MailDoc, type MailFailure, type RetryReason } from './outbox';

/** How long temporary failures are retried, from the first one. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 30 * 60_000;
/** The wait after the n-th failed attempt: 1, 2, 4, 8, 16, 30, 30, ... minutes. */
export const retryDelayMs = (attempt: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
/** A PENDING message older than this lost its trigger: the sweep sends it. */
const TRIGGER_GRACE_MS = 2 * 60_000;

/** The TTL field (firestore.indexes.json): a sent or given-up message goes after its period. */
const expireAfterDelivery = (end: Timestamp) =>
  Timestamp.fromDate(addDays(end.toDate(), RETENTION.deliveredEmailDays));
/**
 * Longer than one attempt can take (the SMTP timeouts in transport.ts add up to 40 s). A lease
 * is about a running instance, so it is set and judged by the real clock, not the sweep's.
 */
const LEASE_MS = 60_000;

export interface Sent {
  messageId: string;
  accepted: string[];
  rejected: string[];
}
export type Send = (message: {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: EmailContent['attachments'];
}) => Promise<Sent>;

/** gRPC NOT_FOUND: the message was erased (its person or pair deleted) while it was being sent. */
const isErased = (error: unknown) => (error as { code?: unknown })?.code === 5;

/** Records the outcome of an attempt; false when the message was erased meanwhile. */
async function record(ref: FirebaseFirestore.DocumentReference, patch: Record<string, unknown>) {
  try {
    await ref.update(patch);
    return true;
  } catch (error) {
    if (isErased(error)) return false;
    throw error;
  }
}

export type FailureClass = 'permanent' | RetryReason;

/** The SMTP reply code of a nodemailer error, or its error code (ECONNREFUSED, ...). */
function failureCode(error: unknown): number | string | null {
  const e = error as { responseCode?: unknown; code?: unknown } | null;
  if (typeof e?.responseCode === 'number') return e.responseCode;
  if (typeof e?.code === 'string') return e.code;
  return null;
}

/**
 * Permanent: the server answered 5xx (e.g. 550 no such mailbox). Unreachable: no SMTP answer
 * at all (refused, dropped, timed out) or 421 (the server closing for now). Deferred: any other
 * 4xx, or a failure before SMTP (the sign-in link); both worth trying again later.
 */
export function classifyFailure(error: unknown, beforeSmtp = false): FailureClass {
  if (beforeSmtp) return 'deferred';
  const code = failureCode(error);
  if (typeof code === 'number' && code >= 500 && code < 600) return 'permanent';
  if (typeof code === 'number' && code >= 400 && code < 500 && code !== 421) return 'deferred';
  return 'unreachable';
}

type Claimed = { mail: MailDoc; attempt: number };
type NotClaimed = 'gone' | 'done' | 'busy' | 'interrupted' | 'not-due';

const isDue = (mail: MailDoc, now: Date) =>
  !mail.delivery.nextAttemptAt || mail.delivery.nextAttemptAt.toMillis() <= now.getTime();

/** Claims the message for one attempt, or answers why not. `force`: even before its time. */
async function claim(id: string, now: Date, force: boolean): Promise<Claimed | NotClaimed> {
  const ref = mailCollection().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return 'gone' as const;
    const mail = snapshot.data() as MailDoc;
    const { delivery } = mail;
    if (delivery.state === 'SUCCESS' || delivery.state === 'ERROR') return 'done' as const;
    const at = Timestamp.fromDate(now);
    if (delivery.state === 'PROCESSING') {
      if (delivery.leaseExpireTime && delivery.leaseExpireTime.toMillis() > Date.now()) {
        return 'busy' as const;
      }
      const failure: MailFailure = {
        class: 'interrupted',
        code: null,
        reason: 'Interrupted during a send; not sent again, to never send it twice.',
        since: delivery.firstFailureAt ?? at,
        at,
      };
      tx.update(ref, {
        'delivery.state': 'ERROR',
        'delivery.leaseExpireTime': null,
        'delivery.nextAttemptAt': null,
        'delivery.endTime': at,
        'delivery.error': failure.reason,
        failure,
        attention: true,
      });
      return 'interrupted' as const;
    }
    if (!force && !isDue(mail, now)) return 'not-due' as const;
    tx.update(ref, {
      'delivery.state': 'PROCESSING',
      'delivery.attempts': delivery.attempts + 1,
      'delivery.startTime': delivery.startTime ?? at,
      'delivery.leaseExpireTime': Timestamp.fromMillis(Date.now() + LEASE_MS),
    });
    return { mail, attempt: delivery.attempts + 1 };
  });
}

export type AttemptOutcome = 'sent' | FailureClass | 'gave-up' | NotClaimed;

/**
 * One attempt at `mail/{id}` as of `now`, unless it was sent, is being sent or (without
 * `force`) is not due. A message that carries links (`links`, email/links.ts) gets fresh ones
 * for each attempt, made just before the send; a failure to make them is a deferred failure, and
 * a link whose purpose is gone (LinkGone) ends the message unsent.
 */
async function attemptDelivery(
  id: string,
  send: Send,
  make: MakeLink = makeLink,
  now: Date = new Date(),
  force = false,
): Promise<AttemptOutcome> {
  const taken = await claim(id, now, force);
  if (taken === 'interrupted') {
    logger.error('Mail interrupted during a send; left unsent', { mailId: id });
    return taken;
  }
  if (typeof taken === 'string') return taken;
  const { mail: claimed, attempt } = taken;
  const ref = mailCollection().doc(id);
  let beforeSmtp = true;
  try {
    const message = await messageWithLinks(claimed, make);
    beforeSmtp = false;
    const info = await send({ to: claimed.to, ...message });
    const end = Timestamp.now();
    const kept = await record(ref, {
      'delivery.state': 'SUCCESS',
      'delivery.endTime': end,
      expireAt: expireAfterDelivery(end),
      'delivery.leaseExpireTime': null,
      'delivery.nextAttemptAt': null,
      'delivery.retryReason': null,
      'delivery.error': null,
      'delivery.info': info,
      attention: false,
    });
    logger.info('Mail sent', { mailId: id, kind: claimed.kind, attempts: attempt, kept });
    return 'sent';
  } catch (error) {
    const at = Timestamp.fromDate(now);
    if (error instanceof LinkGone) {
      // What the link was for is over (an invitation cancelled, a pair ended, a person erased):
      // the message ends unsent, nothing to retry and nothing for the coordinators to do.
      await record(ref, {
        'delivery.state': 'ERROR',
        'delivery.leaseExpireTime': null,
        'delivery.nextAttemptAt': null,
        'delivery.retryReason': null,
        'delivery.error': String(error.message).slice(0, 500),
        'delivery.endTime': at,
        expireAt: expireAfterDelivery(at),
        attention: false,
      });
      logger.info('Mail not sent: its link is gone', { mailId: id, kind: claimed.kind });
      return 'gone';
    }
    const since = claimed.delivery.firstFailureAt ?? at;
    const kind = classifyFailure(error, beforeSmtp);
    const expired = now.getTime() - since.toMillis() >= RETRY_WINDOW_MS;
    const code = failureCode(error);
    const text = String((error as Error)?.message ?? error).slice(0, 500);
    const last = kind === 'permanent' || expired;
    const failure: MailFailure = {
      class: expired && kind !== 'permanent' ? 'gave-up' : kind,
      code,
      reason: text,
      since,
      at,
    };
    const kept = await record(ref, {
      'delivery.state': last ? 'ERROR' : 'RETRY',
      'delivery.leaseExpireTime': null,
      'delivery.error': text,
      'delivery.firstFailureAt': since,
      'delivery.retryReason': last ? null : kind,
      'delivery.nextAttemptAt': last
        ? null
        : Timestamp.fromMillis(now.getTime() + retryDelayMs(attempt)),
      failure,
      ...(last
        ? { 'delivery.endTime': at, expireAt: expireAfterDelivery(at), attention: true }
        : {}),
    });
    if (!kept) return 'gone'; // erased while it was being sent: nothing left to retry
    // Ids and codes only: SMTP errors often quote the recipient's address.
    if (last) {
      logger.error('Mail not delivered', {
        mailId: id,
        kind: claimed.kind,
        attempts: attempt,
        code,
      });
      return kind === 'permanent' ? kind : 'gave-up';
    }
    logger.warn('Mail delivery failed; will retry', { mailId: id, attempts: attempt, code, kind });
    return kind;
  }
}

/** The oldest message waiting for the SMTP server to come back, if any. */
async function oldestWaitingForServer(): Promise<QueryDocumentSnapshot | undefined> {
  const waiting = await mailCollection()
    .where('delivery.state', '==', 'RETRY')
    .where('delivery.retryReason', '==', 'unreachable')
    .orderBy('createdAt')
    .limit(1)
    .get();
  return waiting.docs[0];
}

/**
 * The trigger's work for a new message: one attempt now, unless older messages wait for the
 * SMTP server, in which case it queues behind them (the sweep sends all in order).
 */
export async function deliverMessage(
  id: string,
  send: Send,
  make: MakeLink = makeLink,
): Promise<void> {
  const head = await oldestWaitingForServer();
  if (head && head.id !== id) {
    const mine = await mailCollection().doc(id).get();
    const created = mine.get('createdAt') as Timestamp | undefined;
    const headCreated = head.get('createdAt') as Timestamp;
    if (created && headCreated.toMillis() <= created.toMillis()) {
      await queueBehind(id, head.get('delivery.nextAttemptAt') as Timestamp | null);
      return;
    }
  }
  await attemptDelivery(id, send, make);
}

/** A new message waits with the queue until the server is back (no attempt counted). */
async function queueBehind(id: string, nextAttemptAt: Timestamp | null): Promise<void> {
  const ref = mailCollection().doc(id);
  await runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('delivery.state') !== 'PENDING') return;
    tx.update(ref, {
      'delivery.state': 'RETRY',
      'delivery.retryReason': 'unreachable',
      'delivery.nextAttemptAt': nextAttemptAt ?? Timestamp.now(),
      'delivery.error': 'Waiting behind earlier messages while the mail server is unreachable.',
    });
  });
  logger.info('Mail queued behind undelivered messages', { mailId: id });
}

export interface SweepReport {
  /** Messages looked at (waiting or pending). */
  waiting: number;
  sent: number;
  permanent: number;
  gaveUp: number;
  interrupted: number;
  /** Attempts that failed and will be retried. */
  retrying: number;
  /** Whether the SMTP server stayed unreachable (the sweep stopped at the first such failure). */
  serverDown: boolean;
}

const PAGE = 200;

/** Whether a sweep has work: a retry due, a lost trigger, or a lease run out. */
async function anythingDue(now: Date): Promise<boolean> {
  const at = Timestamp.fromDate(now);
  const retryDue = mailCollection().where('delivery.nextAttemptAt', '<=', at).limit(1).get();
  const triggerLost = mailCollection()
    .where('delivery.state', '==', 'PENDING')
    .where('createdAt', '<=', Timestamp.fromMillis(now.getTime() - TRIGGER_GRACE_MS))
    .limit(1)
    .get();
  const leaseOver = mailCollection()
    .where('delivery.leaseExpireTime', '<=', Timestamp.now())
    .limit(1)
    .get();
  const checks = await Promise.all([retryDue, triggerLost, leaseOver]);
  return checks.some((c) => !c.empty);
}

/**
 * The outbox's scheduled work as of `now`: if any waiting message is due, messages are tried in
 * order of creation, oldest first, including those waiting for the server whose time has not
 * come (once the server answers, the queue drains in order). It stops at the first attempt that
 * finds the server unreachable and moves the next attempt of every message waiting for the
 * server to that attempt's time (one growing delay per outage, not one probe per message).
 * Messages deferred on their own are tried only when due. Runs until `budgetMs` is spent.
 */
export async function sweepOutbox(
  send: Send,
  now: Date = new Date(),
  make: MakeLink = makeLink,
  budgetMs = 240_000,
): Promise<SweepReport> {
  const report: SweepReport = {
    waiting: 0,
    sent: 0,
    permanent: 0,
    gaveUp: 0,
    interrupted: 0,
    retrying: 0,
    serverDown: false,
  };
  const started = Date.now();
  if (!(await anythingDue(now))) return report;
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = mailCollection()
      .where('delivery.state', 'in', ['PENDING', 'RETRY', 'PROCESSING'])
      .orderBy('createdAt')
      .limit(PAGE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    if (page.empty) break;
    after = page.docs[page.docs.length - 1];
    // A message just written is its trigger's.
    const docs = page.docs.filter(
      (d) =>
        d.get('delivery.state') !== 'PENDING' ||
        now.getTime() - (d.get('createdAt') as Timestamp).toMillis() >= TRIGGER_GRACE_MS,
    );
    report.waiting += docs.length;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] as QueryDocumentSnapshot;
      const mail = doc.data() as MailDoc;
      if (mail.delivery.retryReason === 'deferred' && !isDue(mail, now)) continue;
      const outcome = await attemptDelivery(doc.id, send, make, now, true);
      if (outcome === 'sent') report.sent++;
      else if (outcome === 'permanent') report.permanent++;
      else if (outcome === 'gave-up') report.gaveUp++;
      else if (outcome === 'interrupted') report.interrupted++;
      else if (outcome === 'deferred') report.retrying++;
      else if (outcome === 'unreachable') {
        report.retrying++;
        report.serverDown = true;
        await holdTheQueue(doc.id, now);
        return report;
      }
      if (Date.now() - started > budgetMs) return report;
    }
  }
  return report;
}

/**
 * The server is down: every message waiting for it waits until the failed attempt's next time
 * (no attempt counted), so the queue is tried again as one, in order.
 */
async function holdTheQueue(failedId: string, now: Date): Promise<void> {
  const failed = await mailCollection().doc(failedId).get();
  const next = failed.get('delivery.nextAttemptAt') as Timestamp | null;
  if (!next) return;
  const waiting = await mailCollection()
    .where('delivery.state', '==', 'RETRY')
    .where('delivery.retryReason', '==', 'unreachable')
    .orderBy('createdAt')
    .get();
  const behind = waiting.docs.filter((d) => {
    const at = d.get('delivery.nextAttemptAt') as Timestamp | null;
    return d.id !== failedId && (!at || at.toMillis() < next.toMillis());
  });
  for (let i = 0; i < behind.length; i += 400) {
    const batch = mailCollection().firestore.batch();
    for (const d of behind.slice(i, i + 400)) {
      batch.update(d.ref, { 'delivery.nextAttemptAt': next });
    }
    await batch.commit().catch((error: unknown) => {
      logger.warn('Outbox hold skipped a page (a message was deleted meanwhile)', {
        code: failureCode(error),
        at: now.toISOString(),
      });
    });
  }
}

/**
 * Takes `address` off every message not yet sent to it, because its owner may no longer receive
 * what the program sends (a coordinator removed from the team): a waiting message addressed to
 * them alone ends unsent, like one whose link is gone; one addressed to others too goes on to
 * them only. A message already given up keeps its record but leaves the coordinators' list when
 * it was theirs alone, so nobody sends it again to them. A message being sent at this very moment
 * cannot be called back. Answers how many messages changed.
 */
/** Why mail to a coordinator removed from the team is withdrawn (the removal, the daily work). */
export const COORDINATOR_LEFT = 'the recipient left the coordinator team';

export async function withdrawMailTo(address: string, why: string): Promise<number> {
  const addressed = await mailCollection().where('to', 'array-contains', address).get();
  let changed = 0;
  for (const found of addressed.docs) {
    const done = await runTransaction(async (tx) => {
      const snapshot = await tx.get(found.ref);
      if (!snapshot.exists) return false;
      const mail = snapshot.data() as MailDoc;
      const state = mail.delivery.state;
      if (state === 'SUCCESS' || state === 'PROCESSING' || !mail.to.includes(address)) return false;
      const others = mail.to.filter((to) => to !== address);
      if (others.length === 0 && state === 'ERROR' && !mail.attention) return false;
      if (others.length > 0) {
        tx.update(found.ref, { to: others });
      } else if (state === 'ERROR') {
        tx.update(found.ref, { attention: false });
      } else {
        const at = Timestamp.now();
        tx.update(found.ref, {
          'delivery.state': 'ERROR',
          'delivery.leaseExpireTime': null,
          'delivery.nextAttemptAt': null,
          'delivery.retryReason': null,
          'delivery.error': `Withdrawn: ${why}`,
          'delivery.endTime': at,
          expireAt: expireAfterDelivery(at),
          attention: false,
        });
      }
      return true;
    });
    if (done) changed += 1;
  }
  return changed;
}
