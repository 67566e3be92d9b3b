/**
 * What the months after matching leave of a pair, erased with it:
 *
 * - **A pair deleted** (`DELETE /api/admin/assignments/:id` and the bulk delete,
 *   pairs/transitions.ts `deletePairs`): `recordsOfPairs` — its sessions, planned sessions,
 *   check-ins (both participants'),
 *   one-click tokens, nudge records, every outbox message about it (`subjectId`: introductions,
 *   check-ins, reminders, nudges, re-match requests, problems, ended, certificate e-mails) and the
 *   coordinators' digests that named it (`mail.people` holds each named pair as its student's id
 *   followed by its mentor's).
 * - **A person erased** (people/repository.ts `removePerson`: Delete my data, a coordinator's
 *   Delete, retention): `pairRecordsOf` — the same for every pair the person ever had, whatever
 *   happened to it before: their pairs as they are, and the pairs that only their records
 *   still name (a pair deleted before deletion erased its records, a partner erased first: found
 *   through the sessions, check-ins, tokens and nudges that carry the person's id and the history
 *   entries of their pairs), plus the coordinators' e-mails that name them (`mail.people`).
 *
 * Call with the transaction's reads; each returns the writes.
 */
import type { DocumentReference, Query, Transaction } from 'firebase-admin/firestore';
import { COLLECTION_PATHS, COLLECTION_REGISTRY, collectionNameOf } from '@mentorship/domain';
import { auditCollection } from '../audit/audit';
import { mailCollection } from '../email/outbox';
import { db } from '../firebase';
import { checkIns, checkInTokens, nudges, plannedSessions, sessions } from './store';

/**
 * What the registry says goes with a pair (`{ pair: field }` in a collection's erasure rule):
 * each collection and the field holding the pair's id. The pair documents themselves
 * (`{ pair: 'id' }`) are deleted by the transitions.
 */
export const PAIR_KEYED: readonly { collection: string; field: string }[] =
  COLLECTION_PATHS.flatMap((path) => {
    const rule = COLLECTION_REGISTRY[path].erasure;
    if (!('by' in rule)) return [];
    return rule.by.flatMap((key) =>
      'pair' in key && key.pair !== 'id'
        ? [{ collection: collectionNameOf(path), field: key.pair }]
        : [],
    );
  });

/** Every registered collection's documents of one pair. */
function byPair(id: string): Query[] {
  return PAIR_KEYED.map(({ collection, field }) =>
    db.collection(collection).where(field, '==', id),
  );
}

async function refsOf(tx: Transaction, queries: Query[]): Promise<Map<string, DocumentReference>> {
  const refs = new Map<string, DocumentReference>();
  for (const snapshot of await Promise.all(queries.map((q) => tx.get(q)))) {
    for (const d of snapshot.docs) refs.set(d.ref.path, d.ref);
  }
  return refs;
}

const deleteAll = (tx: Transaction, refs: Map<string, DocumentReference>) => () => {
  for (const ref of refs.values()) tx.delete(ref);
};

export interface PairToErase {
  id: string;
  studentId: string;
  mentorId: string;
}

/** Whether a digest's `people` ([student, mentor] per pair named) names this pair. */
function namesPair(people: unknown, pair: Pick<PairToErase, 'studentId' | 'mentorId'>) {
  if (!Array.isArray(people)) return false;
  for (let i = 0; i + 1 < people.length; i += 2) {
    if (people[i] === pair.studentId && people[i + 1] === pair.mentorId) return true;
  }
  return false;
}

/** Everything stored about these pairs besides the pairs themselves and their history. */
export async function recordsOfPairs(tx: Transaction, pairs: PairToErase[]): Promise<() => void> {
  const queries: Query[] = pairs.flatMap((p) => byPair(p.id));
  for (const p of pairs) queries.push(mailCollection().where('subjectId', '==', p.id));
  const refs = await refsOf(tx, queries);
  const digests = await Promise.all(
    pairs.map((p) => tx.get(mailCollection().where('people', 'array-contains', p.studentId))),
  );
  digests.forEach((snapshot, i) => {
    const pair = pairs[i] as PairToErase;
    for (const d of snapshot.docs) {
      if (namesPair(d.get('people'), pair)) refs.set(d.ref.path, d.ref);
    }
  });
  return deleteAll(tx, refs);
}

/**
 * A person's pair records. `foundPairIds`: their pairs as found (whose outbox messages the
 * caller deletes by `subjectId` already); the pairs found only through leftovers get theirs here.
 */
export async function pairRecordsOf(
  tx: Transaction,
  personId: string,
  foundPairIds: string[],
  /** What the caller deletes already (its outbox messages): left out here. */
  deletedAlready: DocumentReference[] = [],
): Promise<() => void> {
  // The pairs that still name the person somewhere, whatever became of the pair.
  const naming: Query[] = [];
  naming.push(sessions().where('studentId', '==', personId));
  naming.push(sessions().where('mentorId', '==', personId));
  naming.push(plannedSessions().where('studentId', '==', personId));
  naming.push(plannedSessions().where('mentorId', '==', personId));
  naming.push(checkIns().where('personId', '==', personId));
  naming.push(checkInTokens().where('personId', '==', personId));
  naming.push(nudges().where('people', 'array-contains', personId));
  const historyQuery = auditCollection().where('people', 'array-contains', personId);
  const [named, history] = await Promise.all([
    Promise.all(naming.map((q) => tx.get(q))),
    tx.get(historyQuery),
  ]);
  const pairIds = new Set(foundPairIds);
  const formerPairs = new Set<string>();
  const addFormer = (id: unknown) => {
    if (typeof id === 'string' && id && !pairIds.has(id)) formerPairs.add(id);
  };
  for (const snapshot of named) for (const d of snapshot.docs) addFormer(d.get('pairId'));
  // The history of each of their pairs (its creation at least) names it with its two people; a
  // bulk delete's entry names one pair for many people, so it is not taken.
  for (const d of history.docs) {
    const people = d.get('people') as unknown;
    if (d.get('subject.kind') !== 'pair' || d.get('action') === 'pairs.bulk-delete') continue;
    if (Array.isArray(people) && people.length <= 2) addFormer(d.get('subject.id'));
  }

  const queries: Query[] = [...pairIds, ...formerPairs].flatMap(byPair);
  for (const id of formerPairs) queries.push(mailCollection().where('subjectId', '==', id));
  queries.push(mailCollection().where('people', 'array-contains', personId));
  const refs = await refsOf(tx, queries);
  // What named the person directly (a nudge of a day with no pair id, say).
  for (const snapshot of named) for (const d of snapshot.docs) refs.set(d.ref.path, d.ref);
  for (const ref of deletedAlready) refs.delete(ref.path);
  return deleteAll(tx, refs);
}
