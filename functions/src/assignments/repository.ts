/**
 * Firestore access for assignments. Creating, (de)activating and deleting an assignment keep
 * `students.activeAssignmentId` and `mentors.activeStudentCount` right in the same transaction:
 * all reads first, then the checks, then the writes. Deleting one erases what the months after
 * matching stored about it in the same transaction (pairs/erasure.ts `recordsOfPairs`).
 */
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { AssignmentRecord, CreateAssignmentInput, StatusResponse } from '@mentorship/domain';
import { runTransaction } from '../firebase';
import { queuePairEmails } from '../email/moments';
import { audit } from '../audit/audit';
import { forgetIfSettled, forgetKeptTallies } from '../completion/kept-tallies';

import { DomainError } from '../shared/errors';
import { NOT_FOUND } from '../shared/not-found';
import {
  holdsMentorPlace,
  toAssignmentRecord,
  type AssignmentDoc,
  type MentorDoc,
  type StudentDoc,
} from '../shared/records';
import {
  assignmentsCollection,
  changeMentorCount,
  mentorsCollection,
  pairId,
  releaseStudentSlot,
  studentsCollection,
} from './repository-helpers';
import { assertCanBeActive, duplicatePair } from './rules';
import { recordsOfPairs } from '../pairs/erasure';
import { newestFirst } from '../shared/newest-first';
import { personRef, type PersonKind } from '../shared/people';
import { rowKeyOf, updatePerson } from '../shared/rows';

/** How history names an assignment. */
const pairName = (a: Pick<AssignmentDoc, 'studentName' | 'mentorName'>) =>
  `${a.studentName} with ${a.mentorName}`;

/** Every assignment of one person, newest first; 404 when the person does not exist. */
export async function listAssignmentsOf(kind: PersonKind, id: string): Promise<AssignmentRecord[]> {
  const field = kind === 'student' ? 'studentId' : 'mentorId';
  const [person, assignments] = await Promise.all([
    personRef(kind, id).get(),
    assignmentsCollection().where(field, '==', id).get(),
  ]);
  if (!person.exists) throw new DomainError('not-found', NOT_FOUND[kind]);
  return assignments.docs
    .map((d) => toAssignmentRecord(d.id, d.data() as AssignmentDoc))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Newest first; `limit` keeps only the newest rows. */
export async function listAssignments(limit?: number): Promise<AssignmentRecord[]> {
  const snapshot = await newestFirst(assignmentsCollection(), limit);
  return snapshot.docs.map((d) => toAssignmentRecord(d.id, d.data() as AssignmentDoc));
}

export async function insertAssignment(
  input: CreateAssignmentInput,
  /** Written in the history entry, e.g. that the pair came from a whole-cohort proposal. */
  detail: string | null = null,
): Promise<AssignmentRecord> {
  const { mentorId, studentId } = input;
  const ref = assignmentsCollection().doc(pairId(mentorId, studentId));
  const mentorRef = mentorsCollection().doc(mentorId);
  const studentRef = studentsCollection().doc(studentId);
  return runTransaction(async (tx) => {
    const [mentorSnap, studentSnap, pairSnap] = await tx.getAll(mentorRef, studentRef, ref);
    const mentor = mentorSnap?.data() as MentorDoc | undefined;
    const student = studentSnap?.data() as StudentDoc | undefined;
    if (!mentor) throw new DomainError('not-found', NOT_FOUND.mentor);
    if (!student) throw new DomainError('not-found', NOT_FOUND.student);
    if (pairSnap?.exists) throw duplicatePair();
    assertCanBeActive({ mentor, student });
    // A new pair in a cohort that ended long ago changes its kept report tally.
    const forgetTally = await forgetIfSettled(tx, student.cohortId);

    const now = Timestamp.now();
    const doc: AssignmentDoc = {
      mentorId,
      studentId,
      mentorName: mentor.fullName,
      studentName: student.fullName,
      // The pair belongs to the student's cohort (issue 26).
      cohortId: student.cohortId ?? null,
      isActive: true,
      assignedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    tx.create(ref, doc);
    forgetTally();
    updatePerson(tx, 'student', rowKeyOf(studentId, student), {
      activeAssignmentId: ref.id,
      updatedAt: now,
    });
    changeMentorCount(tx, rowKeyOf(mentorId, mentor), 1, now);
    // A new pair is introduced to both (by hand or from a proposal; not on re-activation).
    queuePairEmails(tx, ref.id, mentor, student);
    audit(tx, {
      action: 'assignment.create',
      subject: { kind: 'assignment', id: ref.id, name: pairName(doc) },
      people: [mentorId, studentId],
      detail,
    });
    return toAssignmentRecord(ref.id, doc);
  });
}

interface AssignmentState {
  ref: DocumentReference;
  doc: AssignmentDoc;
  mentor: MentorDoc | undefined;
  student: StudentDoc | undefined;
}

async function readAssignment(tx: Transaction, id: string): Promise<AssignmentState> {
  const ref = assignmentsCollection().doc(id);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) throw new DomainError('not-found', NOT_FOUND.assignment);
  const doc = snapshot.data() as AssignmentDoc;
  const [mentorSnap, studentSnap] = await tx.getAll(
    mentorsCollection().doc(doc.mentorId),
    studentsCollection().doc(doc.studentId),
  );
  return {
    ref,
    doc,
    mentor: mentorSnap?.data() as MentorDoc | undefined,
    student: studentSnap?.data() as StudentDoc | undefined,
  };
}

/** Writes that give back the student's slot and the mentor's place of an active assignment. */
function release(tx: Transaction, state: AssignmentState, now: Timestamp) {
  const { ref, doc, mentor, student } = state;
  if (!doc.isActive) return;
  if (student && student.activeAssignmentId === ref.id) {
    releaseStudentSlot(tx, rowKeyOf(doc.studentId, student), now);
  }
  if (mentor && holdsMentorPlace(doc))
    changeMentorCount(tx, rowKeyOf(doc.mentorId, mentor), -1, now);
}

export async function removeAssignment(id: string): Promise<void> {
  await runTransaction(async (tx) => {
    const state = await readAssignment(tx, id);
    // Its sessions, check-ins, tokens, nudges and e-mails go with it (pairs/erasure.ts).
    const eraseRecords = await recordsOfPairs(tx, [
      { id, studentId: state.doc.studentId, mentorId: state.doc.mentorId },
    ]);
    release(tx, state, Timestamp.now());
    tx.delete(state.ref);
    eraseRecords();
    forgetKeptTallies(tx, [state.doc.cohortId, state.student?.cohortId]);
    audit(tx, {
      action: 'assignment.delete',
      subject: { kind: 'assignment', id, name: pairName(state.doc) },
      people: [state.doc.mentorId, state.doc.studentId],
    });
  });
}

/** Activation re-checks every rule of a new assignment; deactivation frees both sides. */
export async function changeAssignmentStatus(
  id: string,
  isActive: boolean,
): Promise<StatusResponse> {
  await runTransaction(async (tx) => {
    const state = await readAssignment(tx, id);
    if (state.doc.isActive === isActive) return;
    const now = Timestamp.now();
    if (isActive) {
      // An ended pair stays history (pairs/admin.ts): a new assignment re-matches instead.
      if ((state.doc as { endedAt?: unknown }).endedAt || state.doc.mentorPlaceReleasedAt) {
        throw new DomainError('failed-precondition', 'This pair has ended and stays in history.');
      }
      assertCanBeActive({ mentor: state.mentor, student: state.student });
      const { student, mentor } = state;
      // assertCanBeActive has refused a pair whose student or mentor is gone.
      if (!student || !mentor) throw new DomainError('not-found', NOT_FOUND.assignment);
      updatePerson(tx, 'student', rowKeyOf(state.doc.studentId, student), {
        activeAssignmentId: id,
        updatedAt: now,
      });
      changeMentorCount(tx, rowKeyOf(state.doc.mentorId, mentor), 1, now);
    } else {
      release(tx, state, now);
    }
    tx.update(state.ref, { isActive, updatedAt: now });
    audit(tx, {
      action: 'assignment.status',
      subject: { kind: 'assignment', id, name: pairName(state.doc) },
      people: [state.doc.mentorId, state.doc.studentId],
      changes: { isActive: { before: !isActive, after: isActive } },
    });
  });
  return { id, isActive };
}

/**
 * Deletes many assignments in one transaction (ids that do not exist are skipped) and returns
 * how many were deleted. Several assignments of one mentor are summed into one counter write.
 */
export async function removeAssignments(ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  return runTransaction(async (tx) => {
    const snapshots = await tx.getAll(...unique.map((id) => assignmentsCollection().doc(id)));
    const found = snapshots
      .filter((s) => s.exists)
      .map((s) => ({ ref: s.ref, doc: s.data() as AssignmentDoc }));
    const active = found.filter((a) => a.doc.isActive);
    const studentIds = [...new Set(active.map((a) => a.doc.studentId))];
    const mentorIds = [...new Set(active.map((a) => a.doc.mentorId))];
    const people = active.length
      ? await tx.getAll(
          ...studentIds.map((sid) => studentsCollection().doc(sid)),
          ...mentorIds.map((mid) => mentorsCollection().doc(mid)),
        )
      : [];
    const students = new Map<string, StudentDoc>();
    const mentors = new Map<string, MentorDoc>();
    people.forEach((p, index) => {
      if (!p.exists) return;
      if (index < studentIds.length) students.set(p.id, p.data() as StudentDoc);
      else mentors.set(p.id, p.data() as MentorDoc);
    });

    const eraseRecords = await recordsOfPairs(
      tx,
      found.map((a) => ({ id: a.ref.id, studentId: a.doc.studentId, mentorId: a.doc.mentorId })),
    );

    const now = Timestamp.now();
    const freed = new Map<string, number>();
    for (const a of active) {
      const student = students.get(a.doc.studentId);
      if (student?.activeAssignmentId === a.ref.id) {
        releaseStudentSlot(tx, rowKeyOf(a.doc.studentId, student), now);
      }
      if (mentors.has(a.doc.mentorId) && holdsMentorPlace(a.doc)) {
        freed.set(a.doc.mentorId, (freed.get(a.doc.mentorId) ?? 0) + 1);
      }
    }
    for (const [mentorId, count] of freed) {
      const mentor = mentors.get(mentorId);
      if (mentor) changeMentorCount(tx, rowKeyOf(mentorId, mentor), -count, now);
    }
    for (const a of found) tx.delete(a.ref);
    eraseRecords();
    if (found.length > 0) {
      // The cohort report counted them (completion/kept-tallies.ts); a pair filed under no
      // cohort counts in its student's.
      forgetKeptTallies(tx, [
        ...found.map((a) => a.doc.cohortId),
        ...found.map((a) => students.get(a.doc.studentId)?.cohortId),
      ]);
      audit(tx, {
        action: 'assignments.bulk-delete',
        subject: { kind: 'assignment', id: found[0]?.ref.id ?? '', name: null },
        people: found.flatMap((a) => [a.doc.mentorId, a.doc.studentId]),
        detail: `${found.length} assignment${found.length === 1 ? '' : 's'}: ${found
          .map((a) => a.ref.id)
          .join(', ')}`,
      });
    }
    return found.length;
  });
}
