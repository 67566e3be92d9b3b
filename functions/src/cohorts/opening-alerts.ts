/**
 * "Tell me when applications open" (packages/domain/src/cohort-records.ts): the public request
 * stores the address under its recipient's hash (a repeat overwrites: one alert per recipient), and the daily
 * job sends each alert's one e-mail once a cohort takes applications, deleting the alert in the
 * same transaction (sent once, then nothing of the address is kept).
 */
import { createHash } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  OPENING_ALERTS_COLLECTION,
  OPENING_ALERT_MONTHS,
  addMonths,
  applicationsOpenEmail,
  formatDay,
  openCohort,
} from '@mentorship/domain';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { normaliseEmail } from '../shared/ids';
import { recipientKey } from '../abuse/recipient';
import { allCohorts } from './service';

export const openingAlerts = () => db.collection(OPENING_ALERTS_COLLECTION);
/**
 * The alert of a recipient (erasure finds it the same way): keyed by the recipient as the caps
 * count it (abuse/recipient.ts), so `name+1@…` and `name+2@…` keep one alert, one e-mail.
 */
export const openingAlertRef = (email: string) =>
  openingAlerts().doc(createHash('sha256').update(recipientKey(email)).digest('hex'));

/** Stores (or replaces) the address's alert, in the door's transaction (abuse/door-caps.ts). */
export function saveOpeningAlert(tx: Transaction, email: string): void {
  const now = new Date();
  tx.set(openingAlertRef(email), {
    email: normaliseEmail(email),
    consentAt: Timestamp.fromDate(now),
    expireAt: Timestamp.fromDate(addMonths(now, OPENING_ALERT_MONTHS)),
  });
}

/** The daily job: while a cohort takes applications, every waiting alert is sent, then deleted. */
export async function runOpeningAlerts(now: Date): Promise<{ sent: number }> {
  const open = openCohort(await allCohorts(), now);
  if (!open) return { sent: 0 };
  const waiting = await openingAlerts().select().get();
  let sent = 0;
  for (const alert of waiting.docs) {
    const done = await runTransaction(async (tx) => {
      const snap = await tx.get(alert.ref);
      const email = snap.get('email') as string | undefined;
      if (!snap.exists || !email) return false;
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
