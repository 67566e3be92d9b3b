/**
 * A coordinator's own e-mail notice of a change to their passkeys or password (the catalogue's
 * `account-changed`): queued in the transaction that writes the change's history entry, so every
 * change the history shows was told to the account's address, and a change its owner did not make
 * does not go unseen.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { accountChangedEmail, formatInterviewTime, type AccountChange } from '@mentorship/domain';
import { siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';

/** Queues the notice to `owner` in `tx` (after the transaction's reads). */
export function queueAccountNotice(
  tx: Transaction,
  owner: { uid: string; email: string },
  change: AccountChange,
  /** Who made the change, as the history names them. */
  by: string,
): void {
  if (!owner.email) return;
  queueEmail(
    tx,
    owner.email,
    accountChangedEmail({
      change,
      by,
      at: formatInterviewTime(new Date().toISOString(), 'UTC'),
      siteUrl: siteUrl(),
    }),
    { kind: 'account-changed', subjectId: owner.uid },
  );
}
