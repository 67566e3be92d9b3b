/**
 * What other modules read about pairs, as questions rather than queries: the admin lists, a
 * person's pairs, the matching's existing pairs, the dashboard's count, the carry-forward's
 * mentors of a cohort, retention's cohorts of a person, the applicant's export. Where the
 * documents live (today the top-level `pairs`, `sessions`, `checkIns`, `certificates`
 * collections; perhaps later under their cohort) is known only to this module (store.ts).
 */
import type { CollectionReference, Query, Timestamp } from 'firebase-admin/firestore';
import type { PairRecord, PairKey } from '@mentorship/domain';
import { DomainError } from '../shared/errors';
import { NOT_FOUND } from '../shared/not-found';
import { newestFirst } from '../shared/newest-first';
import { personRef, type PersonKind } from '../shared/people';
import { toPairRecord } from '../shared/records';
import {
  pairsCollection,
  certificates,
  checkIns,
  plannedSessions,
  sessions,
  type PairDoc,
} from './store';

/** A pair's cohort, the one way (pairs/store.ts). */
export { cohortIdsOf, type PairDoc } from './store';

const fieldOf = (kind: PersonKind) => (kind === 'student' ? 'studentId' : 'mentorId');

/** Every pair of one person, newest first; 404 when the person does not exist. */
export async function listPairsOf(kind: PersonKind, id: string): Promise<PairRecord[]> {
  const [person, found] = await Promise.all([
    personRef(kind, id).get(),
    pairsCollection().where(fieldOf(kind), '==', id).get(),
  ]);
  if (!person.exists) throw new DomainError('not-found', NOT_FOUND[kind]);
  return found.docs
    .map((d) => toPairRecord(d.id, d.data() as PairDoc))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Newest first; `limit` keeps only the newest rows. */
export async function listPairs(limit?: number): Promise<PairRecord[]> {
  const snapshot = await newestFirst(pairsCollection(), limit);
  return snapshot.docs.map((d) => toPairRecord(d.id, d.data() as PairDoc));
}

/** Every pair ever made (active or not), as mentor and student: a pair is never made twice. */
export async function existingPairKeys(): Promise<PairKey[]> {
  const snapshot = await pairsCollection().select('mentorId', 'studentId').get();
  return snapshot.docs.map((d) => ({
    mentorId: String(d.get('mentorId')),
    studentId: String(d.get('studentId')),
  }));
}

/** How many pairs were made: in one cohort, or in all (a count aggregation: no document read). */
export async function countPairs(cohortId: string | null): Promise<number> {
  const query: Query = cohortId
    ? pairsCollection().where('cohortId', '==', cohortId)
    : pairsCollection();
  return (await query.count().get()).data().count;
}

/** The mentors who had a pair in the cohort. */
export async function mentorsWithPairsIn(cohortId: string): Promise<Set<string>> {
  const snapshot = await pairsCollection()
    .where('cohortId', '==', cohortId)
    .select('mentorId')
    .get();
  return new Set(snapshot.docs.map((d) => String(d.get('mentorId'))));
}

/** A person's pairs: when each was made and the cohort it was filed under. */
export async function pairDatesOf(
  kind: PersonKind,
  id: string,
): Promise<{ cohortId: string | null; assignedAt: Timestamp }[]> {
  const snapshot = await pairsCollection().where(fieldOf(kind), '==', id).get();
  return snapshot.docs.map((d) => {
    const doc = d.data() as PairDoc;
    return { cohortId: doc.cohortId ?? null, assignedAt: doc.assignedAt };
  });
}

/** The partner of each active pair of a person (My application's match). */
export async function activePartnersOf(
  kind: PersonKind,
  id: string,
): Promise<{ pairId: string; partnerId: string; assignedAt: Timestamp }[]> {
  const snapshot = await pairsCollection()
    .where(fieldOf(kind), '==', id)
    .where('isActive', '==', true)
    .get();
  return snapshot.docs.map((d) => {
    const doc = d.data() as PairDoc;
    const partnerId = kind === 'student' ? doc.mentorId : doc.studentId;
    return { pairId: d.id, partnerId, assignedAt: doc.assignedAt };
  });
}

interface StoredData {
  id: string;
  data: Record<string, unknown>;
}

/**
 * Everything the pair module holds about a person, by its collection's name (the export of
 * Download my data, which shows each through the audience statement).
 */
export async function pairDocumentsOf(
  kind: PersonKind,
  id: string,
): Promise<{ collection: string; docs: StoredData[] }[]> {
  const field = fieldOf(kind);
  const asked: [CollectionReference, string][] = [
    [pairsCollection(), field],
    [sessions(), field],
    [checkIns(), 'personId'],
    [certificates(), 'personId'],
    [plannedSessions(), field],
  ];
  const out: { collection: string; docs: StoredData[] }[] = [];
  for (const [collection, by] of asked) {
    const snapshot = await collection.where(by, '==', id).get();
    out.push({
      collection: collection.id,
      docs: snapshot.docs.map((d) => ({ id: d.id, data: d.data() })),
    });
  }
  return out;
}

/**
 * The queries of the cohort report (program-end/report.ts runs them as aggregations or reads):
 * the pair module says where a cohort's pairs, sessions and check-ins are, the report counts.
 */
export const reportQueries = {
  /** One cohort's records; one query per statement (deploy:check reads each index statement). */
  ofCohort(cohortId: string) {
    const made = pairsCollection().where('cohortId', '==', cohortId);
    const completed = pairsCollection()
      .where('cohortId', '==', cohortId)
      .where('completedAt', '!=', null);
    const held = sessions().where('cohortId', '==', cohortId);
    const rated = checkIns().where('cohortId', '==', cohortId).where('rating', '!=', null);
    return {
      made,
      completed,
      endedFor: (reason: string): Query =>
        pairsCollection().where('cohortId', '==', cohortId).where('endReason', '==', reason),
      held,
      rated,
    };
  },
  /** The records filed under no cohort (`cohortId: null`), or every record (`all`). */
  records(which: 'unfiled' | 'all') {
    const scope = (q: Query) => (which === 'unfiled' ? q.where('cohortId', '==', null) : q);
    return {
      pairs: scope(pairsCollection()).select('studentId', 'cohortId', 'endReason', 'completedAt'),
      sessions: scope(sessions()).select('cohortId'),
      checkIns: scope(checkIns()).select('cohortId', 'rating'),
    };
  },
};
