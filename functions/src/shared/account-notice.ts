/**
 * A coordinator's own e-mail notice of a change to their passkeys or password (the catalogue's
 * `account-changed`): queued in the transaction that writes the change's history entry, so every
 * change the history shows was told to the account's address, and a change its owner did not make
 * does not go unseen.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { accountChangedEmail, formatInterviewTime, type AccountChange } from '@mentorship/domain';
import { actors, audit } from '../audit/audit';
import { coordinatorAddresses, siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { runTransaction } from '../firebase';
import { coordinatorSecrets } from './coordinator-sessions';

/** Queues the notice to `owner` in `tx` (after the transaction's reads). */
export function queueAccountNotice(
  tx: Transaction,
  owner: { uid: string; email: string },
  change: AccountChange,
  /** Who made the change, as the history names them. */
  by: string,
  /** Others told as well (the coordinators' mailbox). */
  also: string[] = [],
): void {
  if (!owner.email) return;
  queueEmail(
    tx,
    [...new Set([owner.email, ...also])],
    accountChangedEmail({
      change,
      by,
      at: formatInterviewTime(new Date().toISOString(), 'UTC'),
      siteUrl: siteUrl(),
    }),
    { kind: 'account-changed', subjectId: owner.uid },
  );
}

/**
 * A coordinator's sign-in carries another address than the team's record of them (the account's
 * address moved through Firebase's own account API, which the password alone allows): refused by
 * the caller; here the coordinator, at the address the team knows, and the coordinators' mailbox
 * are told, and the history says so: once per address it moved to, not at every request.
 */
export async function alertAddressChanged(uid: string, known: string, carried: string) {
  const ref = coordinatorSecrets().doc(uid);
  // The history names the sign-in that carried the other address as the one who acted.
  const actor = { uid, email: carried || null };
  await actors.run(actor, () => alertOnce(ref, uid, known, carried));
}

async function alertOnce(
  ref: ReturnType<ReturnType<typeof coordinatorSecrets>['doc']>,
  uid: string,
  known: string,
  carried: string,
): Promise<void> {
  await runTransaction(async (tx) => {
    const alerted = (await tx.get(ref)).get('addressAlertFor') as string | undefined;
    if (alerted === carried) return;
    tx.set(ref, { addressAlertFor: carried }, { merge: true });
    audit(tx, {
      action: 'coordinator.address-changed',
      subject: { kind: 'coordinator', id: uid, name: known },
      people: [],
      detail: `The sign-in carried ${carried || 'no address'}.`,
    });
    queueAccountNotice(
      tx,
      { uid, email: known },
      'address-changed',
      `a sign-in as ${carried || 'an account without an address'}`,
      coordinatorAddresses(),
    );
  });
}
