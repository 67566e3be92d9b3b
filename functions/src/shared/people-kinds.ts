/**
 * What differs between a student and a mentor for the code that treats both alike (people/
 * repository.ts, people/router.ts, review/people.ts): their collection, paths, e-mail field and
 * messages, stored shape and conversions, the schema of the coordinator's form, the counter an
 * active pair holds on them, and what deleting one gives back to the other side. Each fact
 * is stated once here; the use cases are written once for both. In the shared layer because
 * features below people (review, applications, completion) need it too.
 */
import type { CollectionReference } from 'firebase-admin/firestore';
import {
  CONFLICT_MESSAGES,
  FIELDS_MESSAGE,
  API,
  mentorRecordSchema,
  studentRecordSchema,
  type AnyObjectSchema,
  type MentorInput,
  type MentorListItem,
  type MentorRecord,
  type PersonKind,
  type StudentInput,
  type StudentListItem,
  type StudentRecord,
  type ApiRoute,
} from '@mentorship/domain';
import { db } from '../firebase';
import { DomainError } from './errors';
import { NOT_FOUND } from './not-found';
import {
  LIST_DICTIONARY_COLUMNS,
  MENTOR_LIST_COLUMNS,
  MENTOR_LIST_FIELDS,
  STUDENT_LIST_COLUMNS,
  STUDENT_LIST_FIELDS,
  COLLECTIONS,
  toMentorListItem,
  toMentorRecord,
  toStudentListItem,
  toStudentRecord,
  type MentorDoc,
  type StudentDoc,
} from './records';

const studentsCollection = () => db.collection(COLLECTIONS.students);
const mentorsCollection = () => db.collection(COLLECTIONS.mentors);

export interface PeopleKind<
  Doc extends StudentDoc | MentorDoc,
  Input extends StudentInput | MentorInput,
  Item extends StudentListItem | MentorListItem,
  Rec extends StudentRecord | MentorRecord,
> {
  kind: PersonKind;
  /** "Student" / "Mentor": the start of its messages ("Student not found", "Student deleted"). */
  label: 'Student' | 'Mentor';
  collection: () => CollectionReference;
  /** Its routes: the Express patterns of the API table (api-paths.ts). */
  paths: Record<'list' | 'one' | 'status' | 'review' | 'notes' | 'pairs', ApiRoute['path']>;
  /** The coordinator's form (create and edit). */
  schema: AnyObjectSchema;
  /** The e-mail field's name in the form and the record (the spec names them differently). */
  emailField: 'emailAddress' | 'email';
  emailOf: (person: Input | Doc) => string | null;
  duplicateEmail: string;
  notFound: string;
  listFields: readonly string[];
  /** The API list's table columns (`encodeTable`), and those sent as dictionaries. */
  listColumns: readonly (keyof Item & string)[];
  dictionaryColumns: readonly (keyof Item & string)[];
  toListItem: (id: string, doc: Doc) => Item;
  toRecord: (id: string, doc: Doc) => Rec;
  /**
   * The places the person's pairs take, kept as stored on an edit (new: `current` undefined);
   * only the pair module moves them (pairs/places.ts `movePlaces`).
   */
  countersOf: (current?: Doc) => Partial<Doc>;
  /** Refuses an edit that the person's active pairs do not allow. */
  checkEdit: (current: Doc, input: Input) => void;
}

export const STUDENTS: PeopleKind<StudentDoc, StudentInput, StudentListItem, StudentRecord> = {
  kind: 'student',
  label: 'Student',
  collection: studentsCollection,
  paths: {
    list: API.students.path,
    one: API.student.path,
    status: API.studentStatus.path,
    review: API.studentReview.path,
    notes: API.studentNotes.path,
    pairs: API.studentPairs.path,
  },
  schema: studentRecordSchema,
  emailField: 'emailAddress',
  emailOf: (person) => person.emailAddress ?? null,
  duplicateEmail: CONFLICT_MESSAGES.duplicateStudentEmail,
  notFound: NOT_FOUND.student,
  listFields: STUDENT_LIST_FIELDS,
  listColumns: STUDENT_LIST_COLUMNS,
  dictionaryColumns: LIST_DICTIONARY_COLUMNS,
  toListItem: toStudentListItem,
  toRecord: toStudentRecord,
  countersOf: (current) => ({ activePairId: current?.activePairId ?? null }),
  checkEdit: () => undefined,
};

export const MENTORS: PeopleKind<MentorDoc, MentorInput, MentorListItem, MentorRecord> = {
  kind: 'mentor',
  label: 'Mentor',
  collection: mentorsCollection,
  paths: {
    list: API.mentors.path,
    one: API.mentor.path,
    status: API.mentorStatus.path,
    review: API.mentorReview.path,
    notes: API.mentorNotes.path,
    pairs: API.mentorPairs.path,
  },
  schema: mentorRecordSchema,
  emailField: 'email',
  emailOf: (person) => person.email ?? null,
  duplicateEmail: CONFLICT_MESSAGES.duplicateMentorEmail,
  notFound: NOT_FOUND.mentor,
  listFields: MENTOR_LIST_FIELDS,
  listColumns: MENTOR_LIST_COLUMNS,
  dictionaryColumns: LIST_DICTIONARY_COLUMNS,
  toListItem: toMentorListItem,
  toRecord: toMentorRecord,
  countersOf: (current) => ({ activeStudentCount: current?.activeStudentCount ?? 0 }),
  checkEdit(current, input) {
    const active = current.activeStudentCount ?? 0;
    if (input.capacity < active) {
      throw new DomainError('invalid-argument', FIELDS_MESSAGE, {
        capacity: `This mentor has ${active} active student${active === 1 ? '' : 's'}; capacity cannot be lower.`,
      });
    }
  },
};

/** Either kind, for code that takes the kind as a value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is fully typed above; callers that need the types use STUDENTS or MENTORS
export type AnyPeopleKind = PeopleKind<any, any, any, any>;

export const PEOPLE: Record<PersonKind, AnyPeopleKind> = { student: STUDENTS, mentor: MENTORS };

/** A kind's types, for functions written once for both (`addPerson(STUDENTS, input)`). */
export type DocOf<K extends AnyPeopleKind> = Parameters<K['toRecord']>[1];
export type InputOf<K extends AnyPeopleKind> = Parameters<K['checkEdit']>[1];
export type RecordOf<K extends AnyPeopleKind> = ReturnType<K['toRecord']>;
export type ItemOf<K extends AnyPeopleKind> = ReturnType<K['toListItem']>;
