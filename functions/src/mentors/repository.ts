/** Firestore access for mentors. Every write that touches an e-mail lock or an assignment is transactional. */
import { Timestamp } from 'firebase-admin/firestore';
import {
  CONFLICT_MESSAGES,
  type DeletePersonResponse,
  type MentorInput,
  type MentorListItem,
  type MentorRecord,
  type StatusResponse,
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
  mentorsCollection,
  releaseStudentSlot,
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
  MENTOR_LIST_FIELDS,
  toMentorListItem,
  toMentorRecord,
  type MentorDoc,
  type StudentDoc,
} from '../shared/records';

const duplicateEmail = () =>
  new ApiError('already-exists', CONFLICT_MESSAGES.duplicateMentorEmail, {
    email: CONFLICT_MESSAGES.duplicateMentorEmail,
  });

/** Newest first; `limit` keeps only the newest rows. */
export async function listMentors(limit?: number): Promise<MentorListItem[]> {
  const snapshot = await newestFirst(mentorsCollection().select(...MENTOR_LIST_FIELDS), limit);
  return snapshot.docs.map((d) => toMentorListItem(d.id, d.data() as MentorDoc));
}

export async function getMentor(id: string): Promise<MentorRecord | null> {
  const snapshot = await mentorsCollection().doc(id).get();
  return snapshot.exists ? toMentorRecord(id, snapshot.data() as MentorDoc) : null;
}

/**
 * Creates the mentor; a mentor with an e-mail claims it in the same transaction (409 if taken,
 * also when a concurrent request took it first). A public `application` arrives awaiting review,
 * writes its e-mails, and its client's rate-limit counter is read with the lock and committed
 * with the record (or alone when the e-mail is taken); a coordinator's record is active and in
 * the history.
 */
export async function createMentor(
  input: MentorInput,
  application?: PublicApplication,
): Promise<string> {
  return createWithEmailLock({
    ref: mentorsCollection().doc(),
    role: 'mentor',
    email: input.email,
    build: (): MentorDoc => {
      const now = Timestamp.now();
      return {
        ...input,
        reviewStatus: application ? 'awaiting' : null,
        declineReason: null,
        activeStudentCount: 0,
        createdAt: now,
        updatedAt: now,
      };
    },
    duplicate: duplicateEmail,
    step: application?.rateLimit,
    onCreate: application
      ? (tx, id) =>
          queueApplicationEmails(tx, {
            role: 'mentor',
            id,
            fullName: input.fullName,
            email: input.email as string,
          })
      : (tx, id) =>
          audit(tx, {
            action: 'person.create',
            subject: { kind: 'mentor', id, name: input.fullName },
            people: [id],
          }),
  });
}

/**
 * Replaces the mentor's form fields. A changed e-mail moves its lock; a changed name is copied to
 * the mentor's assignments. Capacity cannot drop below the mentor's active students.
 */
export async function updateMentor(id: string, input: MentorInput): Promise<MentorRecord> {
  const ref = mentorsCollection().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new ApiError('not-found', NOT_FOUND.mentor);
    const current = snapshot.data() as MentorDoc;
    const active = current.activeStudentCount ?? 0;
    if (input.capacity < active) {
      throw new ApiError('invalid-argument', 'Some fields need attention.', {
        capacity: `This mentor has ${active} active student${active === 1 ? '' : 's'}; capacity cannot be lower.`,
      });
    }
    const emailChanged = !sameEmail(current.email, input.email);
    if (emailChanged && input.email && (await isEmailTaken(tx, 'mentor', input.email))) {
      throw duplicateEmail();
    }
    const renamed = current.fullName !== input.fullName;
    const assignments = renamed ? await assignmentsOf(tx, 'mentorId', id) : [];

    const now = Timestamp.now();
    if (emailChanged) {
      if (current.email) releaseEmail(tx, 'mentor', current.email);
      if (input.email) claimEmail(tx, 'mentor', input.email, id);
    }
    for (const a of assignments) {
      tx.update(assignmentsCollection().doc(a.id), { mentorName: input.fullName, updatedAt: now });
    }
    const next: MentorDoc = { ...current, ...input, activeStudentCount: active, updatedAt: now };
    setPerson(tx, 'mentor', id, next, current);
    audit(tx, {
      action: 'person.update',
      subject: { kind: 'mentor', id, name: input.fullName },
      people: [id],
      changes: changesBetween(current as Record<string, unknown>, input as Record<string, unknown>),
    });
    return toMentorRecord(id, next);
  });
}

/** Activate or deactivate (review/people.ts: an application awaiting review is approved). */
export const setMentorStatus = (id: string, isActive: boolean): Promise<StatusResponse> =>
  setPersonStatus('mentor', id, isActive);

/**
 * Deletes the mentor, their assignments and their e-mail lock in one transaction, and frees the
 * students whose active assignment it was.
 */
export async function deleteMentor(id: string): Promise<DeletePersonResponse> {
  const ref = mentorsCollection().doc(id);
  const deleted = await runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new ApiError('not-found', NOT_FOUND.mentor);
    const mentor = snapshot.data() as MentorDoc;
    const assignments = await assignmentsOf(tx, 'mentorId', id);
    const scrubHistory = await scrubPersonHistory(tx, id);
    const deleteNotes = await deleteNotesOf(tx, 'mentor', id);
    const active = assignments.filter((a) => a.doc.isActive);
    const students =
      active.length > 0
        ? await tx.getAll(...active.map((a) => studentsCollection().doc(a.doc.studentId)))
        : [];

    const now = Timestamp.now();
    for (const a of assignments) tx.delete(assignmentsCollection().doc(a.id));
    for (const s of students) {
      const student = s.data() as StudentDoc | undefined;
      const holds = active.some((a) => a.id === student?.activeAssignmentId);
      if (s.exists && holds) releaseStudentSlot(tx, s.id, now);
    }
    if (mentor.email) releaseEmail(tx, 'mentor', mentor.email);
    deletePerson(tx, 'mentor', id);
    // What happened and the ids stay; the person's name and answers go from their history.
    scrubHistory();
    deleteNotes();
    audit(tx, {
      action: 'person.delete',
      subject: { kind: 'mentor', id, name: null },
      people: [id],
      detail: `${assignments.length} assignment${assignments.length === 1 ? '' : 's'} deleted with them`,
    });
    return assignments.length;
  });
  return {
    message: `Mentor deleted${deleted ? ` with ${deleted} assignment${deleted === 1 ? '' : 's'}` : ''}.`,
    deletedAssignments: deleted,
  };
}
