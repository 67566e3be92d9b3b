/**
 * Seeds a large data set straight into Firestore through the Admin SDK, in batches of 400, in
 * exactly the shapes the API stores (records, application locks, pair ids, the students'
 * activePairId and the mentors' activeStudentCount). 9,000 records through the emulated
 * function take minutes on a small machine; this takes about half a minute. The demo seed of
 * `npm start` still goes through the API (scripts/lib/seed.ts).
 *
 * Needs FIRESTORE_EMULATOR_HOST (or real credentials) in the environment.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  FOUNDING_COHORT_ID,
  isoDayOf,
  listingOfDoc,
  rowsPath,
  type MentorInput,
  type StudentInput,
} from '@mentorship/domain';
import { applicationLockId, normaliseEmail, pairId } from '../../functions/src/shared/ids';
import { rowOf } from '../../functions/src/shared/records';
import { PROJECT_ID } from './paths';
import type { SeedSize } from './seed';
import { createRandom, makeMentor, makeStudent, seedPairs } from './seed-data';

/** What a coordinator's addition stores for the review: none. */
const NO_REVIEW = { reviewStatus: null, declineReason: null } as const;

/** Writes people and pairs as the API stores them (application locks and counters included). */
export async function seedDirect(
  size: SeedSize,
  /**
   * The cohort the people (and their pairs) go into, and where their numbering starts
   * (addresses stay unique across several calls). Without a cohort, none: as a coordinator's
   * additions when no cohort exists.
   */
  { cohortId = null, firstIndex = 1 }: { cohortId?: string | null; firstIndex?: number } = {},
) {
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const random = createRandom(2024 + firstIndex);
  const base = Date.now() - 86_400_000;
  const students = Array.from({ length: size.students }, (_, i) =>
    makeStudent(random, firstIndex + i, cohortId),
  );
  const mentors = Array.from({ length: size.mentors }, (_, i) =>
    makeMentor(random, firstIndex + i, cohortId),
  );
  const studentIds = students.map(() => db.collection('students').doc().id);
  const mentorIds = mentors.map(() => db.collection('mentors').doc().id);

  const counts = mentors.map(() => 0);
  const matched = new Map<number, string>();
  const pairs = seedPairs(students, mentors, size.pairs).map(({ student: s, mentor: m }) => {
    counts[m] = (counts[m] ?? 0) + 1;
    const id = pairId(mentorIds[m] as string, studentIds[s] as string);
    matched.set(s, id);
    return { m, s, id };
  });

  type Write = [string, string, Record<string, unknown>];
  const writes: Write[] = [];
  const at = (i: number) => Timestamp.fromMillis(base + i * 10);
  students.forEach((st, i) => {
    const id = studentIds[i] as string;
    const t = at(i);
    const doc = {
      ...st,
      ...NO_REVIEW,
      activePairId: matched.get(i) ?? null,
      createdAt: t,
      updatedAt: t,
    };
    writes.push(['students', id, doc]);
    writes.push([rowsPath('student', cohortId), id, rowOf('student', doc)]);
    writes.push([
      'applicationLocks',
      applicationLockId('student', st.emailAddress),
      { role: 'student', email: normaliseEmail(st.emailAddress), recordId: id },
    ]);
  });
  mentors.forEach((mt, i) => {
    const id = mentorIds[i] as string;
    const t = at(i);
    const doc = {
      ...mt,
      ...NO_REVIEW,
      activeStudentCount: counts[i] ?? 0,
      createdAt: t,
      updatedAt: t,
    };
    writes.push(['mentors', id, doc]);
    writes.push([rowsPath('mentor', cohortId), id, rowOf('mentor', doc)]);
    if (mt.email)
      writes.push([
        'applicationLocks',
        applicationLockId('mentor', mt.email),
        { role: 'mentor', email: normaliseEmail(mt.email), recordId: id },
      ]);
  });
  pairs.forEach(({ m, s, id }, i) => {
    const t = at(i);
    const doc = {
      mentorId: mentorIds[m] as string,
      studentId: studentIds[s] as string,
      mentorName: (mentors[m] as MentorInput).fullName,
      studentName: (students[s] as StudentInput).fullName,
      cohortId,
      isActive: true,
      assignedAt: t,
      createdAt: t,
      updatedAt: t,
    };
    // A new pair's place in the coordinators' list: no session yet, judged from the day matched.
    const matchedOn = isoDayOf(t.toDate());
    const place = { cohortId: cohortId ?? FOUNDING_COHORT_ID, pairStart: matchedOn };
    writes.push(['pairs', id, { ...doc, listing: listingOfDoc(doc, place, matchedOn) }]);
  });
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const [collection, id, data] of writes.slice(i, i + 400))
      batch.set(db.collection(collection).doc(id), data);
    await batch.commit();
  }
  return { students: students.length, mentors: mentors.length, pairs: pairs.length };
}
