/**
 * The founding cohort's record (scripts/lib/backfill-cohorts.ts says when it is made). Apart
 * from the backfill so the browser tests' support can make it too (it imports the domain only).
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

/** The founding cohort's record, as made on `today` for data whose earliest record is `first`. */
export function foundingCohort(today: string, first: string = today): CohortRecord {
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
    applicationsOpen: first < today ? first : today,
    applicationsClose,
    matchingDoneBy,
    programStart: matchingDoneBy,
    programEnd: programEndFor(matchingDoneBy),
  };
}

/** Makes the founding cohort (as of `now`) unless it exists; answers whether it made it. */
export async function ensureFoundingCohort(
  db: Firestore,
  now = new Date(),
  first = isoDayOf(now),
): Promise<boolean> {
  const stamp = Timestamp.fromDate(now);
  try {
    await db
      .collection(COHORTS_COLLECTION)
      .doc(FOUNDING_COHORT_ID)
      .create({ ...foundingCohort(isoDayOf(now), first), createdAt: stamp, updatedAt: stamp });
    return true;
  } catch (error) {
    // 6 = ALREADY_EXISTS
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}
