/**
 * The coordinators' view of the outbox: messages that failed for good (`attention`)
 * and messages still waiting after MAIL_DELAY_SHOWN_AFTER_MINUTES, with the recipient, the
 * moment, the server's answer and since when, never the message; and "Send again", which
 * writes a copy of a failed message (its trigger sends it, a sign-in link is made afresh) and
 * an `mail.resend` history entry in one transaction.
 */
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  isDocumentId,
  FIELDS_MESSAGE,
  MAIL_DELAY_SHOWN_AFTER_MINUTES,
  mailKindLabel,
  API,
  type UndeliveredMail,
  type UndeliveredMailResponse,
} from '@mentorship/domain';
import { audit } from '../audit/audit';
import { db, runTransaction } from '../firebase';
import { idOf, routerWithIds } from '../http/route';
import { DomainError } from '../shared/errors';
import { COLLECTIONS } from '../shared/records';
import { mailCollection, type MailDoc } from './outbox';

/** At most this many waiting messages are read for the list (an outage can queue thousands). */
const WAITING_READ = 500;

const iso = (t: Timestamp | null | undefined) => (t ? t.toDate().toISOString() : null);

/** The applicants the messages are about (a message's subject is a record or a pair). */
async function peopleOf(subjectIds: string[]): Promise<Map<string, UndeliveredMail['person']>> {
  const ids = [...new Set(subjectIds)].filter((id) => isDocumentId(id));
  const found = new Map<string, UndeliveredMail['person']>();
  if (ids.length === 0) return found;
  const refs = ids.flatMap((id) => [
    db.collection(COLLECTIONS.students).doc(id),
    db.collection(COLLECTIONS.mentors).doc(id),
  ]);
  for (const snap of await db.getAll(...refs)) {
    if (!snap.exists) continue;
    const kind = snap.ref.parent.id === COLLECTIONS.students ? 'student' : 'mentor';
    found.set(snap.id, { kind, id: snap.id });
  }
  return found;
}

function row(snap: DocumentSnapshot, person: UndeliveredMail['person']): UndeliveredMail {
  const mail = snap.data() as MailDoc;
  const failed = mail.delivery.state === 'ERROR';
  const failure = mail.failure;
  const code = failure?.code ?? null;
  return {
    id: snap.id,
    kind: mail.kind,
    subjectId: mail.subjectId,
    person,
    to: mail.to,
    status: failed ? 'failed' : 'waiting',
    failure: failure?.class ?? (failed ? null : 'unreachable'),
    serverAnswer: failure
      ? `${code === null ? '' : `${code}: `}${failure.reason}`.slice(0, 300)
      : (mail.delivery.error ?? null),
    since: (iso(mail.delivery.firstFailureAt ?? failure?.since ?? mail.createdAt) ?? '') as string,
    attempts: mail.delivery.attempts,
    nextAttemptAt: failed ? null : iso(mail.delivery.nextAttemptAt),
    createdAt: mail.createdAt.toDate().toISOString(),
  };
}

/** Failed messages (all) and waiting ones older than the threshold, oldest first. */
export async function listUndelivered(
  now: Date = new Date(),
  subject?: string,
): Promise<UndeliveredMailResponse> {
  const base = subject ? mailCollection().where('subjectId', '==', subject) : mailCollection();
  const [failed, waiting] = await Promise.all([
    base.where('attention', '==', true).get(),
    base.where('delivery.state', '==', 'RETRY').limit(WAITING_READ).get(),
  ]);
  const shownAfter = now.getTime() - MAIL_DELAY_SHOWN_AFTER_MINUTES * 60_000;
  const delayed = waiting.docs.filter((d) => {
    const since = (d.get('delivery.firstFailureAt') ?? d.get('createdAt')) as Timestamp;
    return since.toMillis() <= shownAfter;
  });
  const docs = [...failed.docs.filter((d) => d.get('delivery.state') === 'ERROR'), ...delayed];
  const people = await peopleOf(docs.map((d) => String(d.get('subjectId'))));
  const messages = docs
    .map((d) => row(d, people.get(String(d.get('subjectId'))) ?? null))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    messages,
    failed: messages.filter((m) => m.status === 'failed').length,
    waiting: messages.filter((m) => m.status === 'waiting').length,
  };
}

const RESEND_MESSAGES = {
  notFailed: 'Only a message that could not be delivered can be sent again.',
  notFound: 'No such message.',
} as const;

/**
 * A copy of the failed message, as written when it was queued (`delivery` new), so its trigger
 * sends it; the original leaves the list (`attention: false`, `resentAs`).
 */
async function resendMail(id: string): Promise<{ id: string }> {
  const ref = mailCollection().doc(id);
  const copy = mailCollection().doc();
  await runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new DomainError('not-found', RESEND_MESSAGES.notFound);
    const mail = snap.data() as MailDoc & { expireAt?: unknown; resentAs?: string };
    if (mail.attention !== true || mail.delivery.state !== 'ERROR') {
      throw new DomainError('failed-precondition', RESEND_MESSAGES.notFailed);
    }
    // The applicant the message is about, if it is about one (read in the transaction).
    let person: UndeliveredMail['person'] = null;
    if (isDocumentId(mail.subjectId)) {
      const [student, mentor] = await tx.getAll(
        db.collection(COLLECTIONS.students).doc(mail.subjectId),
        db.collection(COLLECTIONS.mentors).doc(mail.subjectId),
      );
      if (student?.exists) person = { kind: 'student', id: mail.subjectId };
      else if (mentor?.exists) person = { kind: 'mentor', id: mail.subjectId };
    }
    const { delivery: _d, failure: _f, attention: _a, expireAt: _e, resentAs: _r, ...rest } = mail;
    tx.create(copy, {
      ...rest,
      createdAt: Timestamp.now(),
      resendOf: id,
      delivery: { state: 'PENDING', attempts: 0, error: null, info: null, leaseExpireTime: null },
    });
    tx.update(ref, { attention: false, resentAs: copy.id });
    const concerned = [...(mail.people ?? []), ...(person ? [person.id] : [])];
    audit(tx, {
      action: 'mail.resend',
      subject: { kind: 'mail', id, name: mailKindLabel(mail.kind) },
      people: concerned,
      detail: `Sent again as ${copy.id}`,
    });
  });
  return { id: copy.id };
}

export const outboxRouter = routerWithIds('Message');

outboxRouter.get(API.mailUndelivered.path, async (req, res) => {
  const subject = req.query.subject;
  if (subject !== undefined && !isDocumentId(subject)) {
    throw new DomainError('invalid-argument', FIELDS_MESSAGE, {
      subject: 'Give the id of a record or pair.',
    });
  }
  const body: UndeliveredMailResponse = await listUndelivered(
    new Date(),
    typeof subject === 'string' ? subject : undefined,
  );
  res.json(body);
});

outboxRouter.post(API.mailResend.path, async (req, res) => {
  res.status(201).json(await resendMail(idOf(req)));
});
