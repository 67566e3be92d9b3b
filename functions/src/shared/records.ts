/**
 * How records are stored: the API's record types minus `id`, with Firestore Timestamps for the
 * dates. Conversions to the API shape (ISO strings) live here so every feature agrees.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import {
  LIST_FIELDS,
  MENTOR_CAPACITY,
  MENTOR_LIST_FIELDS,
  STUDENT_LIST_FIELDS,
  type PairRecord,
  type PairDoc,
  type MentorListItem,
  type MentorRecord,
  type PersonKind,
  type StudentListItem,
  type StudentRecord,
} from '@mentorship/domain';

type Stored<T> = Omit<T, 'id' | 'createdAt' | 'updatedAt' | 'assignedAt'> & {
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/**
 * What a person's document holds beyond their answers. The review fields and the cohort are
 * written by every path that makes a person (null: no review, or added by a coordinator when no
 * cohort existed).
 */
type ApplicantDoc<T> = Omit<T, 'confirmed' | 'withdrawnAt'> & {
  /**
   * `false` only for a public application whose address is not confirmed yet: it has no list
   * row, is not counted and no coordinator was told. Records coordinators make have no flag:
   * missing means confirmed.
   */
  confirmed?: boolean;
  confirmedAt?: Timestamp | null;
  /** Whether the coordinators get a note when it is confirmed (the hour's caps decided). */
  noteOnConfirm?: boolean;
  withdrawnAt?: Timestamp | null;
  /** The cohort whose carry-forward question this person was sent (once per cohort). */
  carryAskedFor?: string | null;
};
export type StudentDoc = ApplicantDoc<Stored<StudentRecord>>;
export type MentorDoc = ApplicantDoc<Stored<MentorRecord>>;
/**
 * Collection names: the domain's registry (packages/domain/src/registry.ts), re-exported so the
 * functions' modules keep importing them from here.
 */
export { COLLECTIONS } from '@mentorship/domain';

/**
 * The stored types that hold Firestore Timestamps, added to the registry's document types. Each
 * module that owns such a collection adds its own the same way (email/outbox.ts `mail`,
 * abuse/door-requests.ts `doorRequests`, shared/coordinators.ts `coordinators`), so this file
 * imports none of them.
 */
declare module '@mentorship/domain' {
  interface CollectionDocs {
    students: StudentDoc;
    mentors: MentorDoc;
    pairs: PairDoc<Timestamp>;
  }
}

const iso = (value: Timestamp | undefined): string =>
  value ? value.toDate().toISOString() : new Date(0).toISOString();

/** Missing means confirmed (see ApplicantDoc). */
export const isConfirmed = (doc: { confirmed?: boolean | null }): boolean =>
  doc.confirmed !== false;

/** What a student's and a mentor's record say alike, beyond their stored answers. */
const applicantFields = (doc: StudentDoc | MentorDoc) => ({
  confirmed: isConfirmed(doc),
  withdrawnAt: doc.withdrawnAt ? iso(doc.withdrawnAt) : null,
  reviewStatus: doc.reviewStatus,
  declineReason: doc.declineReason,
  cohortId: doc.cohortId,
  createdAt: iso(doc.createdAt),
  updatedAt: iso(doc.updatedAt),
});

export const toStudentRecord = (
  id: string,
  { confirmedAt: _confirmedAt, noteOnConfirm: _note, ...doc }: StudentDoc,
): StudentRecord => ({
  id,
  ...doc,
  ...applicantFields(doc),
  timeZone: doc.timeZone ?? null,
  activePairId: doc.activePairId ?? null,
});

export const toMentorRecord = (
  id: string,
  { confirmedAt: _confirmedAt, noteOnConfirm: _note, ...doc }: MentorDoc,
): MentorRecord => ({
  id,
  ...doc,
  ...applicantFields(doc),
  capacity: doc.capacity ?? MENTOR_CAPACITY.default,
  activeStudentCount: doc.activeStudentCount ?? 0,
});

/** A pair as the admin API shows it (the pair module, functions/src/pairs/, reads the document). */
export const toPairRecord = (id: string, doc: PairDoc<Timestamp>): PairRecord => ({
  id,
  mentorId: doc.mentorId,
  studentId: doc.studentId,
  mentorName: doc.mentorName,
  studentName: doc.studentName,
  cohortId: doc.cohortId,
  isActive: doc.isActive,
  assignedAt: iso(doc.assignedAt),
  createdAt: iso(doc.createdAt),
  updatedAt: iso(doc.updatedAt),
});

/** The list fields (the domain's list-fields.ts; also passed to select()). */
export { LIST_FIELDS, MENTOR_LIST_FIELDS, STUDENT_LIST_FIELDS } from '@mentorship/domain';

/** Values a list shows for a field the stored document lacks. */
const ROW_DEFAULTS: Record<PersonKind, Record<string, unknown>> = {
  student: {
    activePairId: null,
    reviewStatus: null,
    cohortId: null,
    carriedForwardFrom: null,
    matchPriority: null,
    timeZone: null,
  },
  mentor: {
    activeStudentCount: 0,
    reviewStatus: null,
    capacity: MENTOR_CAPACITY.default,
    cohortId: null,
    carriedForwardFrom: null,
    timeZone: null,
  },
};

/**
 * A person's list row (`studentRows`/`mentorRows`, see rows.ts): the list fields of the stored
 * document, missing ones as the list shows them. Pure, so the direct seeding script uses it too.
 */
export function rowOf(
  kind: PersonKind,
  doc: StudentDoc | MentorDoc | Record<string, unknown>,
): Record<string, unknown> {
  const source = doc as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const field of LIST_FIELDS[kind]) {
    row[field] = source[field] ?? ROW_DEFAULTS[kind][field] ?? null;
  }
  return row;
}

/** The columns of each list table (see TableResponse in the domain package), in order. */
export const STUDENT_LIST_COLUMNS = ['id', ...STUDENT_LIST_FIELDS] as const;
export const MENTOR_LIST_COLUMNS = ['id', ...MENTOR_LIST_FIELDS] as const;
export const PAIR_LIST_COLUMNS = [
  'id',
  'mentorId',
  'studentId',
  'mentorName',
  'studentName',
  'cohortId',
  'isActive',
  'assignedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof PairRecord)[];
/** Option-list columns: sent as indexes into a per-response dictionary. */
export const LIST_DICTIONARY_COLUMNS = ['preferredDisciplines', 'mentoringTopics'] as const;

export const toStudentListItem = (id: string, doc: StudentDoc): StudentListItem => ({
  id,
  fullName: doc.fullName,
  emailAddress: doc.emailAddress,
  universityName: doc.universityName ?? null,
  academicProgram: doc.academicProgram ?? null,
  yearOfStudy: doc.yearOfStudy ?? null,
  isActive: doc.isActive,
  createdAt: iso(doc.createdAt),
  preferredDisciplines: doc.preferredDisciplines ?? null,
  mentoringTopics: doc.mentoringTopics ?? null,
  activePairId: doc.activePairId ?? null,
  reviewStatus: doc.reviewStatus,
  cohortId: doc.cohortId,
  carriedForwardFrom: doc.carriedForwardFrom ?? null,
  matchPriority: doc.matchPriority ?? null,
  timeZone: doc.timeZone ?? null,
});

export const toMentorListItem = (id: string, doc: MentorDoc): MentorListItem => ({
  id,
  fullName: doc.fullName,
  email: doc.email ?? null,
  company: doc.company ?? null,
  currentJobTitle: doc.currentJobTitle ?? null,
  isActive: doc.isActive,
  createdAt: iso(doc.createdAt),
  preferredDisciplines: doc.preferredDisciplines ?? [],
  mentoringTopics: doc.mentoringTopics ?? [],
  capacity: doc.capacity ?? MENTOR_CAPACITY.default,
  activeStudentCount: doc.activeStudentCount ?? 0,
  reviewStatus: doc.reviewStatus,
  cohortId: doc.cohortId,
  carriedForwardFrom: doc.carriedForwardFrom ?? null,
  timeZone: doc.timeZone ?? null,
});
