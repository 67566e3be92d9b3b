/**
 * The places a pair takes, and the one function that moves them. A running pair takes its
 * student's place (`students.activePairId` is the pair's id) and one of its mentor's places
 * (`mentors.activeStudentCount`, against `capacity`). Every transition of the pair module
 * (pairs/transitions.ts) reads the people with `readPlaces` first and then calls `movePlaces`:
 * no other code writes these two fields (people keep them as they are on an edit).
 */
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import type { Timestamp } from 'firebase-admin/firestore';
import { MENTOR_CAPACITY, holdsMentorPlace, type PersonKind } from '@mentorship/domain';
import type { MentorDoc, StudentDoc } from '../shared/records';
import { personRef } from '../shared/people';
import { rowKeyOf, updatePerson } from '../shared/rows';
import type { PairDoc } from './store';

/** A pair as `movePlaces` needs it. */
export interface PairPlaces {
  id: string;
  doc: Pick<PairDoc, 'studentId' | 'mentorId' | 'isActive' | 'mentorPlaceReleasedAt'>;
}

/** The people whose places some pairs take, as the transaction read them (missing: erased). */
export interface PlacesRead {
  students: Map<string, StudentDoc>;
  mentors: Map<string, MentorDoc>;
}

/** What the places are after a move: each student's active pair, each mentor's taken places. */
export interface PlacesAfter {
  students: Record<string, { activePairId: string | null }>;
  mentors: Record<string, { activeStudentCount: number; capacity: number }>;
}

/** Reads the students and mentors of these pairs in `tx` (before any write of the transaction). */
export async function readPlaces(
  tx: Transaction,
  pairs: readonly PairPlaces[],
  sides: readonly PersonKind[] = ['student', 'mentor'],
): Promise<PlacesRead> {
  const studentIds = sides.includes('student')
    ? [...new Set(pairs.map((p) => p.doc.studentId))]
    : [];
  const mentorIds = sides.includes('mentor') ? [...new Set(pairs.map((p) => p.doc.mentorId))] : [];
  const refs = [
    ...studentIds.map((id) => personRef('student', id)),
    ...mentorIds.map((id) => personRef('mentor', id)),
  ];
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  const read: PlacesRead = { students: new Map(), mentors: new Map() };
  snaps.forEach((s, i) => {
    if (!s.exists) return;
    if (i < studentIds.length) read.students.set(s.id, s.data() as StudentDoc);
    else read.mentors.set(s.id, s.data() as MentorDoc);
  });
  return read;
}

/**
 * THE place counter: the only writer of `students.activePairId` and
 * `mentors.activeStudentCount`.
 *
 * - `take`: each pair becomes its student's active pair and takes one of its mentor's places
 *   (creation, re-activation; the caller has checked the rules first: pairs/rules.ts).
 * - `give-back`: each pair that holds them gives them back: the student's place only when this
 *   pair is their active one, the mentor's only while the pair holds it (`holdsMentorPlace`: a
 *   pair whose program ended gave it back then, once).
 *
 * `sides` limits the move to one side (a person erased gives back only their partners' places;
 * the program's end gives back only the mentor's). Several pairs of one mentor make one counter
 * write. Returns the places after the move, for the people it read.
 */
export function movePlaces(
  tx: Transaction,
  move: 'take' | 'give-back',
  pairs: readonly PairPlaces[],
  people: PlacesRead,
  now: Timestamp,
  sides: readonly PersonKind[] = ['student', 'mentor'],
): PlacesAfter {
  const studentOf = new Map<string, string | null>();
  const mentorDelta = new Map<string, number>();
  for (const { id, doc } of pairs) {
    const student = people.students.get(doc.studentId);
    if (sides.includes('student') && student) {
      if (move === 'take') studentOf.set(doc.studentId, id);
      else if (doc.isActive && student.activePairId === id) studentOf.set(doc.studentId, null);
    }
    if (sides.includes('mentor') && people.mentors.has(doc.mentorId)) {
      const delta = move === 'take' ? 1 : holdsMentorPlace(doc) ? -1 : 0;
      if (delta !== 0) mentorDelta.set(doc.mentorId, (mentorDelta.get(doc.mentorId) ?? 0) + delta);
    }
  }

  const after: PlacesAfter = { students: {}, mentors: {} };
  for (const [studentId, activePairId] of studentOf) {
    const student = people.students.get(studentId) as StudentDoc;
    updatePerson(tx, 'student', rowKeyOf(studentId, student), {
      activePairId,
      updatedAt: now,
    });
    after.students[studentId] = { activePairId };
  }
  for (const [mentorId, delta] of mentorDelta) {
    const mentor = people.mentors.get(mentorId) as MentorDoc;
    updatePerson(tx, 'mentor', rowKeyOf(mentorId, mentor), {
      activeStudentCount: FieldValue.increment(delta),
      updatedAt: now,
    });
    after.mentors[mentorId] = {
      activeStudentCount: (mentor.activeStudentCount ?? 0) + delta,
      capacity: mentor.capacity ?? MENTOR_CAPACITY.default,
    };
  }
  return after;
}
