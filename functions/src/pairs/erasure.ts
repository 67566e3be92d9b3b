/**
 * What the months after matching leave of a person who is erased (people/repository.ts
 * `removePerson`, the applicant's Delete my data, a coordinator's Delete and retention alike): the
 * person's assignments are deleted there, and with each of them, here, its sessions, check-ins
 * (both participants': they are about the pair), one-click tokens and nudge records; and the
 * coordinators' e-mails that name them (the weekly digest, by `people`). Call with the
 * transaction's reads; returns the writes.
 */
import type { DocumentReference, Query, Transaction } from 'firebase-admin/firestore';
import { mailCollection } from '../email/outbox';
import { checkIns, checkInTokens, nudges, sessions } from './store';

export async function pairRecordsOf(
  tx: Transaction,
  personId: string,
  assignmentIds: string[],
): Promise<() => void> {
  // One query per statement (npm run deploy:check reads queries statement by statement).
  const byPair = (id: string) => {
    const ofPair: Query[] = [];
    for (const c of [sessions(), checkIns(), checkInTokens(), nudges()]) {
      ofPair.push(c.where('assignmentId', '==', id));
    }
    return ofPair;
  };
  const queries: Query[] = assignmentIds.flatMap(byPair);
  queries.push(checkIns().where('personId', '==', personId));
  queries.push(checkInTokens().where('personId', '==', personId));
  queries.push(nudges().where('people', 'array-contains', personId));
  queries.push(mailCollection().where('people', 'array-contains', personId));
  const refs = new Map<string, DocumentReference>();
  for (const snapshot of await Promise.all(queries.map((q) => tx.get(q)))) {
    for (const d of snapshot.docs) refs.set(d.ref.path, d.ref);
  }
  return () => {
    for (const ref of refs.values()) tx.delete(ref);
  };
}
