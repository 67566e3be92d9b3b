/**
 * The outbox: a message is a document of `mail`, written in the same transaction as the change
 * that causes it, so a change that rolls back sends nothing and one that commits always has its
 * message. The document has the shape of Firebase's Trigger Email extension (`to`, `message`,
 * `delivery`), so a deployment may let that extension deliver instead (docs/email.md).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { DocOf, EmailContent, LinkSpec, MailFailureClass, MailKind } from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

/** What a message is about, for logs and tests: ids only, never names or addresses. */
export interface MessageTopic {
  /** The moment (domain outbox.ts MAIL_KINDS, each with its label for the coordinators). */
  kind: MailKind;
  /** The record or pair the message is about. */
  subjectId: string;
}

/** Why a waiting message waits: the server is down for all, or this message was deferred. */
export type RetryReason = 'unreachable' | 'deferred';

export interface MailDelivery {
  state: 'PENDING' | 'PROCESSING' | 'RETRY' | 'SUCCESS' | 'ERROR';
  attempts: number;
  startTime?: Timestamp;
  endTime?: Timestamp;
  leaseExpireTime?: Timestamp | null;
  /** RETRY: when the next attempt is due (the sweep's clock, email/deliver.ts). */
  nextAttemptAt?: Timestamp | null;
  retryReason?: RetryReason | null;
  /** The first failed attempt: retries end RETRY_WINDOW_MS after it. */
  firstFailureAt?: Timestamp;
  /** The last failure's text (server-side only: the collection is closed to every client). */
  error?: string | null;
  info?: { messageId: string; accepted: string[]; rejected: string[] } | null;
}

/** The last failure, as the coordinators' list of undelivered messages shows it. */
export interface MailFailure {
  class: MailFailureClass;
  /** The SMTP reply code (550) or the connection error's code (ECONNREFUSED). */
  code: number | string | null;
  /** The server's answer (it may quote the recipient's address, never the message). */
  reason: string;
  since: Timestamp;
  at: Timestamp;
}

export interface MailDoc extends MessageTopic {
  /** Ids of the people a message to coordinators names (erasure deletes it with them). */
  people?: string[];
  to: string[];
  message: EmailContent;
  /**
   * The links made when the message is sent (domain links.ts, email/links.ts): link i goes where
   * the message holds `linkPlaceholder(i)`. No stored message holds a working link.
   */
  links?: LinkSpec[];
  /**
   * Messages queued before `links`: the address a sign-in link is made for, in place of
   * SIGN_IN_LINK_PLACEHOLDER. No longer written.
   */
  signInLinkFor?: string;
  createdAt: Timestamp;
  delivery: MailDelivery;
  failure?: MailFailure;
  /** Not delivered and not sent again yet: the coordinators' list (`/api/admin/mail`). */
  attention?: boolean;
  /** A copy a coordinator sent again points at the original. */
  resendOf?: string;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    mail: MailDoc;
  }
}

export const mailCollection = () => db.collection(COLLECTIONS.mail);

const mailDoc = (
  to: string | string[],
  message: EmailContent,
  topic: MessageTopic & { links?: LinkSpec[] },
): MailDoc => ({
  ...topic,
  to: Array.isArray(to) ? to : [to],
  message,
  createdAt: Timestamp.now(),
  delivery: { state: 'PENDING', attempts: 0, error: null, info: null, leaseExpireTime: null },
});

/** Adds one message to the transaction's writes. Call after the transaction's reads. */
export function queueEmail(
  tx: Transaction,
  to: string | string[],
  message: EmailContent,
  topic: MessageTopic & { links?: LinkSpec[] },
  /** The ids of the people a message to someone else names (erased with them). */
  people?: string[],
): void {
  tx.create(mailCollection().doc(), {
    ...mailDoc(to, message, topic),
    ...(people ? { people } : {}),
  } satisfies DocOf<'mail'>);
}

/** Writes one message on its own, for a request that changes nothing else. */
export async function sendEmailNow(
  to: string,
  message: EmailContent,
  topic: MessageTopic & { links?: LinkSpec[] },
): Promise<void> {
  await mailCollection()
    .doc()
    .create(mailDoc(to, message, topic));
}
