/**
 * Upgrade to cohorts: every student, mentor and assignment stored before cohorts
 * existed (no `cohortId`) goes into the founding cohort (`FOUNDING_COHORT_ID`), and so does its
 * list row (filed under the founding cohort). The founding cohort is made when it is needed: some record lacks a cohort, or there
 * are no cohorts at all (a new project takes applications from its first day). Its window opens
 * on the day of the earliest record (or today) and closes 28 days after the upgrade, so the
 * wizards keep taking applications through the upgrade; coordinators then edit its dates on the
 * Cohorts page. Idempotent: a second run finds nothing to do (an existing founding cohort is
 * never changed). `npm start` and the test stacks run it; a real project:
 * `npm run cohorts:backfill -- --real --project <id>`.
 */
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  ROW_COLLECTIONS,
  REPORT_TALLIES_COLLECTION,
  isoDayOf,
  rowsPath,
} from '@mentorship/domain';
import { COLLECTIONS, isConfirmed, rowOf } from '../../functions/src/shared/records';
import { ensureFoundingCohort } from './founding-cohort';

const SOURCES = [
  { collection: COLLECTIONS.students, kind: 'student' },
  { collection: COLLECTIONS.mentors, kind: 'mentor' },
  { collection: COLLECTIONS.assignments, kind: null },
] as const;

interface CohortBackfill {
  foundingCreated: boolean;
  moved: Record<string, number>;
}

export async function backfillCohorts(db: Firestore, now = new Date()): Promise<CohortBackfill> {
  const moved: Record<string, number> = {};
  const missing: {
    source: (typeof SOURCES)[number];
    docs: FirebaseFirestore.QueryDocumentSnapshot[];
  }[] = [];
  let first = isoDayOf(now);
  for (const source of SOURCES) {
    // Firestore cannot ask for "field missing": every document is read once (an upgrade).
    const all = await db.collection(source.collection).get();
    const docs = all.docs.filter((d) => !d.get('cohortId'));
    missing.push({ source, docs });
    for (const d of docs) {
      const created = d.get('createdAt') as Timestamp | undefined;
      if (created) first = [first, isoDayOf(created.toDate())].sort()[0] as string;
    }
  }
  const founding = db.collection(COHORTS_COLLECTION).doc(FOUNDING_COHORT_ID);
  const anyCohort = !(await db.collection(COHORTS_COLLECTION).limit(1).get()).empty;
  const needed = !anyCohort || missing.some((m) => m.docs.length > 0);
  const foundingCreated =
    needed && !(await founding.get()).exists && (await ensureFoundingCohort(db, now, first));
  for (const { source, docs } of missing) {
    let batch = db.batch();
    let pending = 0;
    for (const doc of docs) {
      batch.update(doc.ref, { cohortId: FOUNDING_COHORT_ID });
      if (source.kind) {
        // The row moves with its person: out of the no-cohort rows (and the top-level rows of
        // before rows were filed by cohort), into the founding cohort's (confirmed people only).
        const kind = source.kind;
        batch.delete(db.collection(rowsPath(kind, null)).doc(doc.id));
        batch.delete(db.collection(ROW_COLLECTIONS[kind]).doc(doc.id));
        pending += 2;
        if (isConfirmed(doc.data())) {
          batch.set(
            db.collection(rowsPath(kind, FOUNDING_COHORT_ID)).doc(doc.id),
            rowOf(kind, { ...doc.data(), cohortId: FOUNDING_COHORT_ID }),
          );
          pending += 1;
        }
      }
      if (++pending >= 400) {
        await batch.commit();
        batch = db.batch();
        pending = 0;
      }
    }
    if (pending > 0) await batch.commit();
    moved[source.collection] = docs.length;
  }
  if (Object.values(moved).some((n) => n > 0)) {
    // The cohort report counted these records under other cohorts: it counts every cohort again.
    const tallies = await db.collection(REPORT_TALLIES_COLLECTION).get();
    const batch = db.batch();
    for (const d of tallies.docs) batch.delete(d.ref);
    await batch.commit();
  }
  return { foundingCreated, moved };
}

/**
 * `work` on a local stack's Firestore emulator (`host:port`), with an app of its own (named
 * `name-host-time`) that is deleted after.
 */
async function onEmulator<T>(
  firestoreHost: string,
  name: string,
  work: (db: Firestore) => Promise<T>,
): Promise<T> {
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { PROJECT_ID } = await import('./paths');
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  const app = initializeApp({ projectId: PROJECT_ID }, `${name}-${firestoreHost}-${Date.now()}`);
  try {
    return await work(getFirestore(app));
  } finally {
    await deleteApp(app);
  }
}

/** The backfill on a local stack's Firestore emulator (`host:port`). */
export const backfillCohortsOn = (firestoreHost: string): Promise<CohortBackfill> =>
  onEmulator(firestoreHost, 'cohorts', (db) => backfillCohorts(db));

/**
 * The founding cohort on a stack with no data yet (a bench stack), so public applications have an
 * open window; `backfillCohortsOn` makes it only where records need it.
 */
export const ensureFoundingCohortOn = (firestoreHost: string): Promise<boolean> =>
  onEmulator(firestoreHost, 'founding', (db) => ensureFoundingCohort(db));
