/**
 * A program at a real size in the local stack (`npm run demo:scale`): one cohort whose program
 * has run for four months, `applicants` people (two students to each mentor) and `pairs` pairs
 * with the months behind them (sessions, check-ins answered or not, ratings, words for the
 * coordinators, a reported problem now and then, some pairs ended) and the history entry of each
 * pair made. Written straight into Firestore in the shapes the API stores (scripts/lib/seed-direct.ts
 * explains why not through the function), so a coordinator can try the admin area at the size
 * of a university network's program.
 *
 * Idempotent: every document has an id made from its number, and a run writes only the
 * documents that are not there yet, so a second run with the same figures adds nothing. The cohort's kept report figures are marked
 * stale (`valid: false`): the report counts them again from the records at its next opening,
 * as it does after any write that goes around the API.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  REPORT_TALLIES_COLLECTION,
  RETENTION,
  addMonths,
  checkInKey,
  listingOfDoc,
  pairStartOf,
  programEndFor,
  rowsPath,
  type DocOf,
  type IsoDay,
  type MentorInput,
  type PairDoc,
  type PairProgress,
  type PersonKind,
  type StudentInput,
} from '@mentorship/domain';
import { applicationLockId, normaliseEmail, pairId } from '../../functions/src/shared/ids';
import { rowOf } from '../../functions/src/shared/records';
import { createRandom, makeMentor, makeStudent } from './seed-data';

export const SCALE_COHORT_ID = 'scale-demo';

export interface ScaleSize {
  pairs: number;
  applicants: number;
}

export interface ScaleReport {
  cohortId: string;
  cohortName: string;
  students: number;
  mentors: number;
  pairs: number;
  /** Documents this run wrote (0 on a second run with the same figures). */
  written: number;
}

const DAY_MS = 86_400_000;
const plus = (day: IsoDay, days: number): IsoDay =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10) as IsoDay;
const noon = (day: IsoDay) => Timestamp.fromDate(new Date(`${day}T12:00:00Z`));
const numbered = (prefix: string, n: number) => `${prefix}-${String(n).padStart(5, '0')}`;

/** Mentors and students for `applicants` people: one mentor to every two students, at least one. */
export function peopleFor({ pairs, applicants }: ScaleSize): { students: number; mentors: number } {
  const mentors = Math.max(1, Math.round(applicants / 3));
  const students = applicants - mentors;
  if (pairs > students) {
    throw new Error(
      `--pairs ${pairs} needs at least ${pairs} students: with --applicants ${applicants} there are ${students} (give at least ${Math.ceil(pairs * 1.5)} applicants)`,
    );
  }
  return { students, mentors };
}

const TALKED_ABOUT = [
  'We planned the first applications together.',
  'Good conversation about internships; next time the CV.',
  'Practised an interview; the feedback was useful.',
  'Talked about choosing a specialisation.',
];

/**
 * Every document of the scaled program, by path: the cohort (its program started 110 days
 * before `today`), the people, their rows and application locks, the pairs with their progress,
 * their sessions, check-ins and problem reports, and a history entry per pair.
 */
export function scalePlan(
  size: ScaleSize,
  today: IsoDay,
): Omit<ScaleReport, 'written'> & { writes: Map<string, Record<string, unknown>> } {
  for (const [name, n] of Object.entries(size)) {
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  }
  const people = peopleFor(size);
  const random = createRandom(7_001);
  const programStart = plus(today, -110);
  const cohortName = `Scale demo ${programStart.slice(0, 4)}`;
  const cohortId = SCALE_COHORT_ID;
  const writes = new Map<string, Record<string, unknown>>();
  const put = (path: string, data: Record<string, unknown>) => writes.set(path, data);

  const created = noon(plus(programStart, -60));
  put(`${COHORTS_COLLECTION}/${cohortId}`, {
    name: cohortName,
    term: 'fall',
    year: Number(programStart.slice(0, 4)),
    applicationsOpen: plus(programStart, -60),
    applicationsClose: plus(programStart, -30),
    matchingDoneBy: plus(programStart, -7),
    programStart,
    programEnd: programEndFor(programStart),
    createdAt: created,
    updatedAt: created,
  });

  // Drawn in order from one seeded generator, so a run draws the same people as the last one.
  const students: StudentInput[] = [];
  const mentors: MentorInput[] = [];
  for (let n = 1; n <= people.students; n++) {
    students.push({ ...makeStudent(random, 900_000 + n, cohortId), isActive: true });
  }
  for (let n = 1; n <= people.mentors; n++) {
    mentors.push({ ...makeMentor(random, 900_000 + n, cohortId), isActive: true, capacity: 2 });
  }
  const studentId = (n: number) => numbered('scale-student', n);
  const mentorId = (n: number) => numbered('scale-mentor', n);
  // Pair k: student k with mentor ceil(k / 2) (each mentor takes two, their capacity).
  const mentorOf = (k: number) => ((k - 1) % people.mentors) + 1;
  const taken = new Map<number, number>();
  for (let k = 1; k <= size.pairs; k++) taken.set(mentorOf(k), (taken.get(mentorOf(k)) ?? 0) + 1);
  if ([...taken.values()].some((t) => t > 2)) {
    throw new Error(
      `--pairs ${size.pairs} needs ${Math.ceil(size.pairs / 2)} mentors (two students each): give more applicants`,
    );
  }

  students.forEach((s, i) => {
    const n = i + 1;
    const id = studentId(n);
    const applied = noon(plus(programStart, -55 + (n % 20)));
    const pairKey = n <= size.pairs ? pairId(mentorId(mentorOf(n)), id) : null;
    const doc = {
      ...s,
      reviewStatus: null,
      declineReason: null,
      activePairId: pairKey && !endedPair(n) ? pairKey : null,
      createdAt: applied,
      updatedAt: applied,
    };
    put(`students/${id}`, doc);
    put(`${rowsPath('student', cohortId)}/${id}`, rowOf('student', doc));
    put(`applicationLocks/${applicationLockId('student', s.emailAddress)}`, {
      role: 'student',
      email: normaliseEmail(s.emailAddress),
      recordId: id,
    });
  });
  mentors.forEach((m, i) => {
    const n = i + 1;
    const id = mentorId(n);
    const applied = noon(plus(programStart, -58 + (n % 20)));
    let running = 0;
    for (let k = n; k <= size.pairs; k += people.mentors) if (!endedPair(k)) running++;
    const doc = {
      ...m,
      reviewStatus: null,
      declineReason: null,
      activeStudentCount: running,
      createdAt: applied,
      updatedAt: applied,
    };
    put(`mentors/${id}`, doc);
    put(`${rowsPath('mentor', cohortId)}/${id}`, rowOf('mentor', doc));
    if (m.email) {
      put(`applicationLocks/${applicationLockId('mentor', m.email)}`, {
        role: 'mentor',
        email: normaliseEmail(m.email),
        recordId: id,
      });
    }
  });

  for (let k = 1; k <= size.pairs; k++) {
    const student = students[k - 1] as StudentInput;
    const mentor = mentors[mentorOf(k) - 1] as MentorInput;
    const ids = { student: studentId(k), mentor: mentorId(mentorOf(k)) };
    const id = pairId(ids.mentor, ids.student);
    const matchedOn = plus(programStart, -7 + (k % 5));
    const assignedAt = noon(matchedOn);
    const pair = pairStory(k, programStart, today);
    const ended = endedPair(k);
    const pairDoc: PairDoc<Timestamp> = {
      mentorId: ids.mentor,
      studentId: ids.student,
      mentorName: mentor.fullName,
      studentName: student.fullName,
      cohortId,
      isActive: true,
      assignedAt,
      createdAt: assignedAt,
      updatedAt: noon(pair.progress.lastSessionOn ?? matchedOn),
      progress: pair.progress,
      ...(ended
        ? {
            endedAt: noon(plus(programStart, 50)),
            endReason: 'other',
            endNote: null,
            endedBy: 'coordinator',
          }
        : {}),
    };
    const listing = listingOfDoc(
      pairDoc,
      { cohortId, pairStart: pairStartOf(programStart, matchedOn) },
      today,
    );
    put(`pairs/${id}`, { ...pairDoc, listing });
    pair.held.forEach((heldOn, i) => {
      const by: PersonKind = i % 2 === 0 ? 'student' : 'mentor';
      put(`sessions/${id}_${i + 1}`, {
        pairId: id,
        cohortId,
        studentId: ids.student,
        mentorId: ids.mentor,
        heldOn,
        loggedBy: by,
        loggedAt: `${heldOn}T18:00:00.000Z`,
        saidBy: [`log:${by}`],
      } satisfies DocOf<'sessions'>);
    });
    for (const [key, c] of Object.entries(pair.progress.checkIns)) {
      if (!c.answeredOn) continue;
      const [role, period] = key.split('_') as [PersonKind, string];
      const month = Number(period);
      put(`checkIns/${id}_${key}`, {
        pairId: id,
        cohortId,
        personId: ids[role],
        role,
        month,
        sentAt: `${c.sentOn}T09:00:00.000Z`,
        answeredAt: `${c.answeredOn}T19:00:00.000Z`,
        answer: 'met',
        rating: pair.rating,
        note: null,
        fit: month === 1 && role === 'student' ? 'good-fit' : null,
      } satisfies DocOf<'checkIns'>);
    }
    if (pair.progress.problemReportedAt) {
      put(`problemReports/${id}_student`, {
        pairId: id,
        cohortId,
        role: 'student',
        personId: ids.student,
        on: pair.progress.problemReportedAt.slice(0, 10) as IsoDay,
        at: pair.progress.problemReportedAt,
        text: 'We could not agree on a time for two months; could you help us?',
      } satisfies DocOf<'problemReports'>);
    }
    const at = assignedAt;
    put(`audit/${numbered('scale-pair-made', k)}`, {
      at,
      expireAt: Timestamp.fromDate(addMonths(at.toDate(), RETENTION.historyMonths)),
      actor: { uid: 'scale-demo', email: 'coordinator@example.org' },
      action: 'pair.create',
      subject: { kind: 'pair', id, name: `${student.fullName} with ${mentor.fullName}` },
      people: [ids.mentor, ids.student],
      changes: null,
      detail: null,
    });
  }

  return {
    cohortId,
    cohortName,
    students: people.students,
    mentors: people.mentors,
    pairs: size.pairs,
    writes,
  };
}

/** Writes what is missing of the scaled program (`scalePlan`): nothing on a second run. */
export async function scaleDemo(
  db: Firestore,
  size: ScaleSize,
  today: IsoDay,
): Promise<ScaleReport> {
  const { writes, ...report } = scalePlan(size, today);
  const paths = [...writes.keys()];
  const missing: string[] = [];
  for (let i = 0; i < paths.length; i += 300) {
    const refs = paths.slice(i, i + 300).map((p) => db.doc(p));
    const snaps = await db.getAll(...refs);
    snaps.forEach((s, j) => {
      if (!s.exists) missing.push(paths[i + j] as string);
    });
  }
  for (let i = 0; i < missing.length; i += 400) {
    const batch = db.batch();
    for (const path of missing.slice(i, i + 400)) {
      batch.set(db.doc(path), writes.get(path) as Record<string, unknown>);
    }
    await batch.commit();
  }
  if (missing.length > 0) {
    // Written around the API: the report counts this cohort again at its next opening.
    await db
      .collection(REPORT_TALLIES_COLLECTION)
      .doc(report.cohortId)
      .set({ valid: false }, { merge: true });
  }
  return { ...report, written: missing.length };
}

/** One pair in 25 ended after its first month (a schedule that did not work). */
function endedPair(k: number): boolean {
  return k % 25 === 0;
}

/**
 * The months of pair `k`: most meet monthly and answer their check-ins; one in seven stopped
 * meeting after the second month, one in five left a check-in unanswered, one in eleven rated
 * low, one in forty reported a problem. Only what happened before `today` is written.
 */
function pairStory(
  k: number,
  programStart: IsoDay,
  today: IsoDay,
): { progress: PairProgress; held: IsoDay[]; rating: number } {
  const stopped = k % 7 === 0 || endedPair(k);
  const rating = k % 11 === 0 ? 2 : 3 + (k % 3);
  const held = [5, 33, 61, 89]
    .map((d) => plus(programStart, d + (k % 4)))
    .filter((d, i) => d < today && !(stopped && i >= (endedPair(k) ? 1 : 2)));
  const checkIns: PairProgress['checkIns'] = {};
  for (const month of [1, 2, 3]) {
    const sentOn = plus(programStart, 30 * month);
    if (sentOn >= today) continue;
    for (const role of ['student', 'mentor'] as const) {
      const unanswered = (k % 5 === 0 && month === 3) || stopped;
      checkIns[checkInKey(role, month)] = {
        sentOn,
        answeredOn: unanswered ? null : plus(sentOn, 1 + (k % 3)),
      };
    }
  }
  const last = held.at(-1) ?? null;
  const notes: PairProgress['notes'] =
    last && k % 3 === 0
      ? { student: { on: last, text: TALKED_ABOUT[k % TALKED_ABOUT.length] as string } }
      : {};
  return {
    held,
    rating,
    progress: {
      sessionsHeld: held.length,
      lastSessionOn: last,
      ratings: { student: held.length ? rating : null, mentor: held.length ? rating : null },
      fit: { student: held.length ? 'good-fit' : null, mentor: null },
      problemReportedAt:
        k % 40 === 0 && !endedPair(k) ? `${plus(programStart, 70)}T09:00:00.000Z` : null,
      checkIns,
      nudges: {},
      notes,
    },
  };
}
