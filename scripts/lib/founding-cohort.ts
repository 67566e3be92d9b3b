/**
 * The founding cohort: the cohort whose application window is open on the day a local stack is
 * made (the test stacks, the benches, the browser tests' support, `npm start -- --large`), stored
 * under the fixed id `founding` so the tests can name it. A real project's first cohort comes from
 * `npm run setup` instead (scripts/lib/setup.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  isoDayOf,
  programEndFor,
  type CohortRecord,
} from '@mentorship/domain';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  isoDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The founding cohort's record, as made on `today`: applications open today, for 28 days. */
export function foundingCohort(today: string): CohortRecord {
  const applicationsClose = addDays(today, 28);
  const matchingDoneBy = addDays(applicationsClose, 14);
  const year = Number(today.slice(0, 4));
  return {
    name: 'Founding cohort',
    term:
      Number(today.slice(5, 7)) <= 4
        ? 'spring'
        : Number(today.slice(5, 7)) <= 7
          ? 'summer'
          : 'fall',
    year,
    applicationsOpen: today,
    applicationsClose,
    matchingDoneBy,
    programStart: matchingDoneBy,
    programEnd: programEndFor(matchingDoneBy),
  };
}

/** Makes the founding cohort (as of `now`) unless it exists; answers whether it made it. */
export async function ensureFoundingCohort(db: Firestore, now = new Date()): Promise<boolean> {
  const stamp = Timestamp.fromDate(now);
  try {
    await db
      .collection(COHORTS_COLLECTION)
      .doc(FOUNDING_COHORT_ID)
      .create({ ...foundingCohort(isoDayOf(now)), createdAt: stamp, updatedAt: stamp });
    return true;
  } catch (error) {
    // 6 = ALREADY_EXISTS
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}

/** The founding cohort on a local stack's Firestore emulator (`host:port`), by an app of its own. */
export async function ensureFoundingCohortOn(firestoreHost: string): Promise<boolean> {
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { PROJECT_ID } = await import('./paths');
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  const app = initializeApp({ projectId: PROJECT_ID }, `founding-${firestoreHost}-${Date.now()}`);
  try {
    return await ensureFoundingCohort(getFirestore(app));
  } finally {
    await deleteApp(app);
  }
}
