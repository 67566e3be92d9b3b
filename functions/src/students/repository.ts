/** Firestore access for students. Every write that touches an e-mail lock or an assignment is transactional. */
import { Timestamp } from 'firebase-admin/firestore';
import {
  CONFLICT_MESSAGES,
  type DeletePersonResponse,
  type StatusResponse,
  type StudentInput,
  type StudentListItem,
  type StudentRecord,
} from '@mentorship/domain';
import { runTransaction } from '../firebase';
import type { PublicApplication } from '../registrations/public-application';
import { queueApplicationEmails } from '../email/moments';
import { setPersonStatus } from '../review/people';
import { audit, changesBetween, scrubPersonHistory } from '../audit/audit';
import { deleteNotesOf } from '../people/notes';
import { deletePerson, setPerson } from '../shared/rows';
import { ApiError } from '../http/errors';
import {
  assignmentsCollection,
  assignmentsOf,
  changeMentorCount,
  existingIds,
  mentorsCollection,
  studentsCollection,
} from '../assignments/repository-helpers';
import {
  claimEmail,
  isEmailTaken,
  createWithEmailLock,
  releaseEmail,
  sameEmail,
} from '../email-locks/repository';
import { newestFirst } from '../shared/newest-first';
import { NOT_FOUND } from '../shared/not-found';
import {
  STUDENT_LIST_FIELDS,
  toStudentListItem,
  toStudentRecord,
  type StudentDoc,
} from '../shared/records';

const duplicateEmail = () =>
  new ApiError('already-exists', CONFLICT_MESSAGES.duplicateStudentEmail, {
    emailAddress: CONFLICT_MESSAGES.duplicateStudentEmail,
  });

/** Newest first; `limit` keeps only the newest rows. */
export async function listStudents(limit?: number): Promise<StudentListItem[]> {
  const snapshot = await newestFirst(studentsCollection().select(...STUDENT_LIST_FIELDS), limit);
  return snapshot.docs.map((d) => toStudentListItem(d.id, d.data() as StudentDoc));
}

export async function getStudent(id: string): Promise<StudentRecord | null> {
  const snapshot = await studentsCollection().doc(id).get();
  return snapshot.exists ? toStudentRecord(id, snapshot.data() as StudentDoc) : null;
}

/**
 * Creates the student and claims its e-mail in one transaction (409 if the e-mail is taken, also
 * when a concurrent request took it first). A public `application` arrives awaiting review,
 * writes its e-mails, and its client's rate-limit counter is read with the lock and committed
 * with the record (or alone when the e-mail is taken).
 */
export async function createStudent(
  input: StudentInput,
  application?: PublicApplication,
): Promise<string> {
  return createWithEmailLock({
    ref: studentsCollection().doc(),
    role: 'student',
    email: input.emailAddress,
    build: (): StudentDoc => {
      const now = Timestamp.now();
      return {
        ...input,
        reviewStatus: application ? 'awaiting' : null,
        declineReason: null,
        activeAssignmentId: null,
        createdAt: now,
        updatedAt: now,
      };
    },
    duplicate: duplicateEmail,
    step: application?.rateLimit,
    onCreate: application
      ? (tx, id) =>
          queueApplicationEmails(tx, {
            role: 'student',
            id,
            fullName: input.fullName,
            email: input.emailAddress as string,
          })
      : (tx, id) =>
          audit(tx, {
            action: 'person.create',
            subject: { kind: 'student', id, name: input.fullName },
            people: [id],
          }),
  });
}

/**
 * Replaces the student's form fields. A changed e-mail moves its lock; a changed name is copied
 * to the student's assignments (they show names). The active assignment is kept as it is.
 */
export async function updateStudent(id: string, input: StudentInput): Promise<StudentRecord> {
  const ref = studentsCollection().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new ApiError('not-found', NOT_FOUND.student);
    const current = snapshot.data() as StudentDoc;
    const emailChanged = !sameEmail(current.emailAddress, input.emailAddress);
    if (emailChanged && (await isEmailTaken(tx, 'student', input.emailAddress))) {
      throw duplicateEmail();
    }
    const renamed = current.fullName !== input.fullName;
    const assignments = renamed ? await assignmentsOf(tx, 'studentId', id) : [];

    const now = Timestamp.now();
    if (emailChanged) {
      releaseEmail(tx, 'student', current.emailAddress);
      claimEmail(tx, 'student', input.emailAddress, id);
    }
    for (const a of assignments) {
      tx.update(assignmentsCollection().doc(a.id), { studentName: input.fullName, updatedAt: now });
    }
    const next: StudentDoc = { ...current, ...input, updatedAt: now };
    setPerson(tx, 'student', id, next, current);
    audit(tx, {
      action: 'person.update',
      subject: { kind: 'student', id, name: input.fullName },
      people: [id],
      changes: changesBetween(current as Record<string, unknown>, input as Record<string, unknown>),
    });
    return toStudentRecord(id, next);
  });
}

/** Activate or deactivate (review/people.ts: an application awaiting review is approved). */
export const setStudentStatus = (id: string, isActive: boolean): Promise<StatusResponse> =>
  setPersonStatus('student', id, isActive);

/**
 * Deletes the student, their assignments and their e-mail lock in one transaction, and gives
 * each mentor of an active assignment its place back.
 */
export async function deleteStudent(id: string): Promise<DeletePersonResponse> {
  const ref = studentsCollection().doc(id);
  const deleted = await runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new ApiError('not-found', NOT_FOUND.student);
    const student = snapshot.data() as StudentDoc;
    const assignments = await assignmentsOf(tx, 'studentId', id);
    const scrubHistory = await scrubPersonHistory(tx, id);
    const deleteNotes = await deleteNotesOf(tx, 'student', id);

    const freed = new Map<string, number>();
    for (const a of assignments) {
      if (a.doc.isActive) freed.set(a.doc.mentorId, (freed.get(a.doc.mentorId) ?? 0) + 1);
    }
    const mentors = await existingIds(tx, mentorsCollection(), [...freed.keys()]);

    const now = Timestamp.now();
    for (const a of assignments) tx.delete(assignmentsCollection().doc(a.id));
    for (const [mentorId, count] of freed) {
      if (mentors.has(mentorId)) changeMentorCount(tx, mentorId, -count, now);
    }
    releaseEmail(tx, 'student', student.emailAddress);
    deletePerson(tx, 'student', id);
    // What happened and the ids stay; the person's name and answers go from their history.
    scrubHistory();
    deleteNotes();
    audit(tx, {
      action: 'person.delete',
      subject: { kind: 'student', id, name: null },
      people: [id],
      detail: `${assignments.length} assignment${assignments.length === 1 ? '' : 's'} deleted with them`,
    });
    return assignments.length;
  });
  return {
    message: `Student deleted${deleted ? ` with ${deleted} assignment${deleted === 1 ? '' : 's'}` : ''}.`,
    deletedAssignments: deleted,
  };
}
