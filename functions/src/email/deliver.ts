/**
 * Delivers one `mail` document over SMTP, at most once. Each attempt first claims the document
 * in a transaction (state PROCESSING with a lease, attempts + 1); a trigger delivered again, or
 * a second instance, finds it claimed or sent and does nothing. A failed attempt is recorded
 * (state RETRY, the error) and tried again with exponential backoff (1, 2, 4, 8, 16 s); after
 * the last attempt the state is ERROR, and logged by id. A claim whose lease ran out means an
 * instance died during a send: the SMTP server may have accepted the message, so it is marked
 * ERROR rather than sent a second time.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { RETENTION, addDays } from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { LinkGone } from '../shared/tokens';
import { makeLink, messageWithLinks, type MakeLink } from './links';
import { mailCollection, type MailDoc } from './outbox';

export const MAX_ATTEMPTS = 6;

/** The TTL field (firestore.indexes.json): a sent or given-up message goes after its period. */
const expireAfterDelivery = (end: Timestamp) =>
  Timestamp.fromDate(addDays(end.toDate(), RETENTION.deliveredEmailDays));
/** Longer than one attempt can take (the SMTP timeouts in transport.ts add up to 40 s). */
const LEASE_MS = 60_000;
export const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

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
}) => Promise<Sent>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Claims the message for one attempt, or answers why not. */
async function claim(
  id: string,
): Promise<MailDoc | 'gone' | 'done' | 'busy' | 'exhausted' | 'interrupted'> {
  const ref = mailCollection().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return 'gone' as const;
    const mail = snapshot.data() as MailDoc;
    const { delivery } = mail;
    if (delivery.state === 'SUCCESS') return 'done' as const;
    if (delivery.attempts >= MAX_ATTEMPTS) return 'exhausted' as const;
    const now = Timestamp.now();
    if (delivery.state === 'PROCESSING') {
      if (delivery.leaseExpireTime && delivery.leaseExpireTime.toMillis() > now.toMillis()) {
        return 'busy' as const;
      }
      tx.update(ref, {
        'delivery.state': 'ERROR',
        'delivery.leaseExpireTime': null,
        'delivery.endTime': now,
        'delivery.error': 'Interrupted during a send; not sent again, to never send it twice.',
      });
      return 'interrupted' as const;
    }
    tx.update(ref, {
      'delivery.state': 'PROCESSING',
      'delivery.attempts': delivery.attempts + 1,
      'delivery.startTime': delivery.startTime ?? now,
      'delivery.leaseExpireTime': Timestamp.fromMillis(now.toMillis() + LEASE_MS),
    });
    return { ...mail, delivery: { ...delivery, attempts: delivery.attempts + 1 } };
  });
}

/**
 * Sends the message of `mail/{id}` unless it was sent or is being sent. A message that carries
 * links (`links`, email/links.ts) gets fresh ones for each attempt, made just before the send; a
 * failure to make them is a failed attempt like an SMTP failure, and a link whose purpose is gone
 * (LinkGone) ends the message unsent.
 */
export async function deliverMessage(
  id: string,
  send: Send,
  make: MakeLink = makeLink,
): Promise<void> {
  for (;;) {
    const claimed = await claim(id);
    if (claimed === 'interrupted') {
      logger.error('Mail interrupted during a send; left unsent', { mailId: id });
      return;
    }
    if (typeof claimed === 'string') return;
    const ref = mailCollection().doc(id);
    const attempt = claimed.delivery.attempts;
    try {
      const message = await messageWithLinks(claimed, make);
      const info = await send({ to: claimed.to, ...message });
      const end = Timestamp.now();
      const kept = await record(ref, {
        'delivery.state': 'SUCCESS',
        'delivery.endTime': end,
        expireAt: expireAfterDelivery(end),
        'delivery.leaseExpireTime': null,
        'delivery.error': null,
        'delivery.info': info,
      });
      logger.info('Mail sent', { mailId: id, kind: claimed.kind, attempts: attempt, kept });
      return;
    } catch (error) {
      const last = attempt >= MAX_ATTEMPTS || error instanceof LinkGone;
      const kept = await record(ref, {
        'delivery.state': last ? 'ERROR' : 'RETRY',
        'delivery.leaseExpireTime': null,
        'delivery.error': String((error as Error)?.message ?? error).slice(0, 500),
        ...(last
          ? { 'delivery.endTime': Timestamp.now(), expireAt: expireAfterDelivery(Timestamp.now()) }
          : {}),
      });
      if (!kept) return; // erased while it was being sent: nothing left to retry
      // Ids and codes only: SMTP errors often quote the recipient's address.
      const code =
        (error as { code?: unknown; responseCode?: unknown })?.responseCode ??
        (error as { code?: unknown })?.code;
      if (last) {
        logger.error('Mail not delivered', {
          mailId: id,
          kind: claimed.kind,
          attempts: attempt,
          code,
        });
        return;
      }
      logger.warn('Mail delivery failed; retrying', { mailId: id, attempts: attempt, code });
      await sleep(backoffMs(attempt));
    }
  }
}
