/**
 * Where the pair module keeps its records: the only file that names the pair collections
 * (`pairs`, `sessions`, `checkIns`, `checkInTokens`, `nudges`, `certificates`,
 * `plannedSessions`, `sessionGuides`). Other modules
 * ask the module (reads.ts, transitions.ts, daily.ts; program-end/completion.ts through the
 * module's entry, index.ts), so filing pairs elsewhere (under their cohort, say) changes this
 * folder and that entry's users only.
 *
 * Firestore access of the months after matching: a pair is an `pairs` document, with its
 * `progress` (domain PairProgress) kept in the transactions that change it; its cohort gives its
 * dates (`pair.cohortId`, else the student's `cohortId`, else FOUNDING_COHORT_ID; a cohort
 * document that is missing means the program starts on the day the pair was matched and lasts
 * PROGRAM_MONTHS).
 *
 * Reads are counted here (`pairReads`), by the documents each fetch returns (a query that finds
 * nothing counts 1, as Firestore bills it), so the bench reports what the job costs.
 */
import {
  Filter,
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  PAIR_COLLECTIONS,
  PAIR_SERVER_COLLECTIONS,
  emptyProgress,
  isoDayOf,
  pairHealth,
  listingOfDoc,
  pairStartOf,
  programEndFor,
  type CohortDates,
  type IsoDay,
  type PairDoc as DomainPairDoc,
  type PairHealth,
  type PairListing,
  type PairPlanState,
  type PairProgress,
} from '@mentorship/domain';
import { db } from '../firebase';
import { COLLECTIONS } from '../shared/records';

/** A pair as stored (the domain's one shape, with Firestore's timestamps). */
export type PairDoc = DomainPairDoc<Timestamp>;

export const pairsCollection = () => db.collection(COLLECTIONS.pairs);
export const sessions = () => db.collection(PAIR_COLLECTIONS.sessions);
export const checkIns = () => db.collection(PAIR_COLLECTIONS.checkIns);
export const certificates = () => db.collection(PAIR_COLLECTIONS.certificates);
export const checkInTokens = () => db.collection(PAIR_SERVER_COLLECTIONS.checkInTokens);
export const nudges = () => db.collection(PAIR_SERVER_COLLECTIONS.nudges);
export const cohorts = () => db.collection(COHORTS_COLLECTION);
/** Sessions a pair planned, and the session guides coordinators edited. */
export const plannedSessions = () => db.collection(COLLECTIONS.plannedSessions);
export const sessionGuides = () => db.collection(COLLECTIONS.sessionGuides);
/** "Report a problem", one document per report. */
export const problemReports = () => db.collection(COLLECTIONS.problemReports);

let reads = 0;
/** Documents read by the pairs code since the last reset (see the file's comment). */
export const pairReads = { get: () => reads, reset: () => void (reads = 0) };
export const countReads = (n: number) => void (reads += Math.max(1, n));

export { newToken, tokenHash } from '../shared/tokens';

/** Progress with every field present (a new pair's document has none). */
export function progressOf(doc: Pick<PairDoc, 'progress'>): PairProgress {
  const base = emptyProgress();
  const p = doc.progress ?? {};
  return {
    ...base,
    ...p,
    ratings: { ...base.ratings, ...p.ratings },
    fit: { ...base.fit, ...p.fit },
    checkIns: { ...p.checkIns },
    nudges: { ...p.nudges },
  };
}

const isEnded = (doc: PairDoc) => Boolean(doc.endedAt);
export const isRunning = (doc: PairDoc) => doc.isActive && !isEnded(doc);

export interface Pair {
  id: string;
  doc: PairDoc;
  cohortId: string;
  programStart: IsoDay;
  programEnd: IsoDay;
  pairStart: IsoDay;
}

type Dates = Pick<CohortDates, 'programStart' | 'programEnd'>;

/**
 * The one way a pair's cohort is found: its own `cohortId`, else its student's (one batched read
 * of the students of the pairs that lack it), else the founding cohort.
 */
export async function cohortIdsOf(
  docs: readonly { id: string; doc: Pick<PairDoc, 'cohortId' | 'studentId'> }[],
  tx?: Transaction,
): Promise<Map<string, string>> {
  const needStudent = docs.filter((d) => !d.doc.cohortId);
  const studentCohort = new Map<string, string | null>();
  if (needStudent.length > 0) {
    const refs = [...new Set(needStudent.map((d) => d.doc.studentId))].map((id) =>
      db.collection(COLLECTIONS.students).doc(id),
    );
    const snaps = await getAll(refs, tx);
    for (const s of snaps) studentCohort.set(s.id, (s.get('cohortId') as string) || null);
  }
  return new Map(
    docs.map((d) => [
      d.id,
      d.doc.cohortId || studentCohort.get(d.doc.studentId) || FOUNDING_COHORT_ID,
    ]),
  );
}

/** Resolves each pair's cohort and dates (one read per cohort, one per student without). */
export async function withCohorts(
  docs: { id: string; doc: PairDoc }[],
  tx?: Transaction,
): Promise<Pair[]> {
  const cohortIds = await cohortIdsOf(docs, tx);
  const cohortOf = (d: { id: string }) => cohortIds.get(d.id) ?? FOUNDING_COHORT_ID;
  const ids = [...new Set(docs.map(cohortOf))];
  const cohortSnaps = ids.length
    ? await getAll(
        ids.map((id) => cohorts().doc(id)),
        tx,
      )
    : [];
  const dates = new Map<string, Dates>();
  for (const s of cohortSnaps) {
    if (s.exists) dates.set(s.id, s.data() as Dates);
  }
  return docs.map((d) => {
    const cohortId = cohortOf(d);
    const matchedOn = isoDayOf(d.doc.assignedAt.toDate());
    const cohort = dates.get(cohortId);
    const programStart = cohort?.programStart ?? matchedOn;
    const programEnd = cohort?.programEnd ?? programEndFor(programStart);
    return {
      ...d,
      cohortId,
      programStart,
      programEnd,
      pairStart: pairStartOf(programStart, matchedOn),
    };
  });
}

async function getAll(refs: FirebaseFirestore.DocumentReference[], tx?: Transaction) {
  if (refs.length === 0) return [];
  const out: DocumentSnapshot[] = [];
  for (let i = 0; i < refs.length; i += 300) {
    const chunk = refs.slice(i, i + 300);
    out.push(...(tx ? await tx.getAll(...chunk) : await db.getAll(...chunk)));
  }
  countReads(out.length);
  return out;
}

/**
 * The pairs a cohort's pages read: those filed under the cohort (`cohortId`) and those
 * filed under no cohort (`cohortId: null`: the student had none when the pair was made; their
 * student decides, `withCohorts`), so one cohort's
 * Pairs page reads that cohort's pairs, whatever the program's history. Without a cohort: all.
 */
async function pairsOf(
  cohortId: string | null | undefined,
  scope: (q: FirebaseFirestore.Query) => FirebaseFirestore.Query = (q) => q,
): Promise<{ id: string; doc: PairDoc }[]> {
  // One query for both (a disjunction; not `in`, which never matches null): Firestore answers
  // it from the cohortId index either way, but the emulator, which has no indexes, goes through
  // the whole collection once per query (so each year of history made the Pairs page slower).
  const queries = cohortId
    ? [
        scope(
          pairsCollection().where(
            Filter.or(
              Filter.where('cohortId', '==', cohortId),
              Filter.where('cohortId', '==', null),
            ),
          ),
        ),
      ]
    : [scope(pairsCollection())];
  const snapshots = await Promise.all(queries.map((q) => q.get()));
  const docs: { id: string; doc: PairDoc }[] = [];
  for (const snapshot of snapshots) {
    countReads(snapshot.size);
    for (const d of snapshot.docs) docs.push({ id: d.id, doc: d.data() as PairDoc });
  }
  return docs;
}

/** Every pair that is running (active, not ended), with its cohort's dates. */
export async function runningPairs(cohortId?: string | null): Promise<Pair[]> {
  const docs = (await pairsOf(cohortId, (q) => q.where('isActive', '==', true))).filter((d) =>
    isRunning(d.doc),
  );
  const pairs = await withCohorts(docs);
  return cohortId ? pairs.filter((p) => p.cohortId === cohortId) : pairs;
}

/** Every pair (running, ended, inactive), with its cohort's dates. */
export async function allPairs(cohortId?: string | null): Promise<Pair[]> {
  const pairs = await withCohorts(await pairsOf(cohortId));
  return cohortId ? pairs.filter((p) => p.cohortId === cohortId) : pairs;
}

export function planStateOf(pair: Pair): PairPlanState {
  const progress = progressOf(pair.doc);
  return {
    pairId: pair.id,
    programStart: pair.programStart,
    programEnd: pair.programEnd,
    pairStart: pair.pairStart,
    sessionsHeld: progress.sessionsHeld,
    checkIns: progress.checkIns,
    nudges: progress.nudges,
  };
}

/** The pair's health on `today` from its progress (the rule: domain pairHealth). */
export function healthOf(pair: Pair, today: IsoDay, state = planStateOf(pair)): PairHealth {
  const progress = progressOf(pair.doc);
  return pairHealth({
    today,
    pairStartedOn: pair.pairStart,
    lastSessionOn: progress.lastSessionOn,
    checkIns: Object.values(state.checkIns),
    ratings: progress.ratings,
    studentFit: progress.fit.student,
    problemReported: Boolean(progress.problemReportedAt),
  });
}

/** The pair's place in the coordinators' list on `today` (domain `pairListing`). */
export const listingOf = (pair: Pair, today: IsoDay): PairListing =>
  listingOfDoc(pair.doc, pair, today);

/** The document as it is once `patch` (Firestore field paths: `a.b.c`) is applied. */
function patched(doc: PairDoc, patch: Record<string, unknown>): PairDoc {
  const out = structuredClone(doc) as Record<string, unknown>;
  for (const [path, value] of Object.entries(patch)) {
    const keys = path.split('.');
    let at = out;
    for (const key of keys.slice(0, -1)) {
      const next = at[key];
      at = (at[key] = next && typeof next === 'object' ? { ...next } : {}) as Record<
        string,
        unknown
      >;
    }
    at[keys.at(-1) as string] = value;
  }
  return out as PairDoc;
}

/**
 * A change to a pair with its list place judged again: every write that moves what the Pairs
 * page orders, filters or counts by (progress, running, the student's name) goes through here.
 */
export function withListing(
  pair: Pair,
  patch: Record<string, unknown>,
  today: IsoDay,
): Record<string, unknown> {
  const doc = patched(pair.doc, patch);
  return { ...patch, listing: listingOf({ ...pair, doc }, today) };
}

/** Writes the list place of each of these pairs whose place moved by `today`; answers how many. */
export async function relist(pairs: readonly Pair[], today: IsoDay): Promise<number> {
  const moved = pairs
    .map((p) => ({ pair: p, listing: listingOf(p, today) }))
    .filter(({ pair, listing }) => !sameListing(pair.doc.listing, listing));
  for (let i = 0; i < moved.length; i += 400) {
    const batch = db.batch();
    for (const { pair, listing } of moved.slice(i, i + 400)) {
      batch.update(pairsCollection().doc(pair.id), { listing });
    }
    await batch.commit();
  }
  return moved.length;
}

/** Same place in the list (the day judged aside). */
function sameListing(a: PairListing | undefined, b: PairListing): boolean {
  return (
    !!a &&
    a.cohortId === b.cohortId &&
    a.state === b.state &&
    a.rank === b.rank &&
    a.name === b.name
  );
}

export const pairNames = (doc: Pick<PairDoc, 'studentName' | 'mentorName'>) =>
  `${doc.studentName} with ${doc.mentorName}`;
