/**
 * "Tell me when applications open" (packages/domain/src/cohort-records.ts), a double opt-in like
 * the program's other e-mail doors: the public request stores the address under its recipient's
 * hash (a repeat merges: one alert per recipient) and e-mails it a link to confirm; only the
 * button on that link's page (a POST: opening the link, as a mail scanner does, changes nothing)
 * sets `confirmedAt`. The daily job sends each confirmed alert's one e-mail once a cohort takes
 * applications, deleting the alert in the same transaction (sent once, then nothing of the
 * address is kept); an alert never confirmed is never sent and expires with its TTL.
 */
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  OPENING_ALERTS_COLLECTION,
  OPENING_ALERT_MESSAGES,
  OPENING_ALERT_MONTHS,
  addMonths,
  applicationsOpenEmail,
  formatDay,
  linkPlaceholder,
  openCohort,
  openingAlertConfirmEmail,
  openingAlertPaths,
  tokenLink,
  type MessageResponse,
} from '@mentorship/domain';
import { siteUrl } from '../email/config';
import type { LinkMakers } from '../email/links';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { DomainError } from '../shared/errors';
import { normaliseEmail } from '../shared/ids';
import { LinkGone, newToken, tokenHash } from '../shared/tokens';
import { recipientKey } from '../abuse/recipient';
import { allCohorts } from './service';

export const openingAlerts = () => db.collection(OPENING_ALERTS_COLLECTION);
/**
 * The alert of a recipient (erasure finds it the same way): keyed by the recipient as the caps
 * count it (abuse/recipient.ts), so `name+1@…` and `name+2@…` keep one alert, one e-mail.
 */
export const openingAlertRef = (email: string) =>
  openingAlerts().doc(createHash('sha256').update(recipientKey(email)).digest('hex'));

interface OpeningAlertDoc {
  email: string;
  consentAt: Timestamp;
  expireAt: Timestamp;
  /** Set by the confirming click only; an alert without it is never sent. */
  confirmedAt?: Timestamp;
  /** The SHA-256 of each confirmation token e-mailed for it; never a token. */
  tokenHashes?: string[];
}

/**
 * Stores the address's alert, unconfirmed, and queues the e-mail asking to confirm it, in the
 * door's transaction (abuse/door-caps.ts: writes only). A merge, so a repeat of an alert already
 * confirmed leaves it confirmed (nobody can take back another's alert by typing their address).
 */
export function saveOpeningAlert(tx: Transaction, email: string): void {
  const now = new Date();
  const ref = openingAlertRef(email);
  const address = normaliseEmail(email);
  tx.set(
    ref,
    {
      email: address,
      consentAt: Timestamp.fromDate(now),
      expireAt: Timestamp.fromDate(addMonths(now, OPENING_ALERT_MONTHS)),
    },
    { merge: true },
  );
  queueEmail(tx, address, openingAlertConfirmEmail({ link: linkPlaceholder(0) }), {
    kind: 'opening-alert-confirm',
    subjectId: ref.id,
    links: [{ kind: 'opening-alert', alertId: ref.id }],
  });
}

/** The confirmation link, made at its send: a fresh token whose SHA-256 the alert keeps. */
async function mintOpeningAlertLink(alertId: string): Promise<string> {
  const token = newToken();
  const ref = openingAlerts().doc(alertId);
  await runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw new LinkGone('opening-alert');
    tx.update(ref, { tokenHashes: FieldValue.arrayUnion(tokenHash(token)) });
  });
  return tokenLink(`${siteUrl()}${openingAlertPaths.page}`, token);
}

/** How the outbox makes this door's link (registered at start-up: email/links.ts). */
export const openingAlertLinks: LinkMakers<'opening-alert'> = {
  'opening-alert': (spec) => mintOpeningAlertLink(spec.alertId),
};

/** The button on the link's page: the alert becomes one the daily job sends. Idempotent. */
export async function confirmOpeningAlert(token: string): Promise<MessageResponse> {
  const found = (
    await openingAlerts().where('tokenHashes', 'array-contains', tokenHash(token)).limit(1).get()
  ).docs[0];
  if (!found) throw new DomainError('not-found', OPENING_ALERT_MESSAGES.invalid);
  await runTransaction(async (tx) => {
    const doc = (await tx.get(found.ref)).data() as OpeningAlertDoc | undefined;
    if (!doc) throw new DomainError('not-found', OPENING_ALERT_MESSAGES.invalid);
    if (!doc.confirmedAt) tx.update(found.ref, { confirmedAt: Timestamp.now() });
  });
  return { message: OPENING_ALERT_MESSAGES.confirmed };
}

/** The daily job: while a cohort takes applications, every waiting alert is sent, then deleted. */
export async function runOpeningAlerts(now: Date): Promise<{ sent: number }> {
  const open = openCohort(await allCohorts(), now);
  if (!open) return { sent: 0 };
  // Confirmed ones only: an address nobody confirmed is never written to again.
  const waiting = await openingAlerts().where('confirmedAt', '!=', null).select().get();
  let sent = 0;
  for (const alert of waiting.docs) {
    const done = await runTransaction(async (tx) => {
      const snap = await tx.get(alert.ref);
      const email = snap.get('email') as string | undefined;
      if (!snap.exists || !email || !snap.get('confirmedAt')) return false;
      queueEmail(
        tx,
        email,
        applicationsOpenEmail({
          cohort: open.name,
          closes: formatDay(open.applicationsClose),
          siteUrl: siteUrl(),
        }),
        { kind: 'applications-open', subjectId: open.id },
      );
      tx.delete(alert.ref);
      return true;
    });
    if (done) sent += 1;
  }
  return { sent };
}
