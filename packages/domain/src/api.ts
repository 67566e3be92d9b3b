/** The API's paths, record shapes and error body: the contract between web and functions. */
import { API, byId } from './api-paths';
import type { MatchPriority } from './carry-forward';
import type { ReviewStatus } from './review';
import type { MentorInput, StudentInput } from './schemas';

/** A view of the path table (api-paths.ts), kept for the modules that name it. */
export const apiPaths = {
  health: API.health.path,
  mentorApplication: API.mentorApplication.path,
  studentApplication: API.studentApplication.path,
  linkedinAutofill: API.linkedinAutofill.path,
  admin: {
    stats: API.stats.path,
    students: API.students.path,
    student: byId(API.student),
    studentStatus: byId(API.studentStatus),
    mentors: API.mentors.path,
    mentor: byId(API.mentor),
    mentorStatus: byId(API.mentorStatus),
    studentReview: byId(API.studentReview),
    mentorReview: byId(API.mentorReview),
    studentNotes: byId(API.studentNotes),
    mentorNotes: byId(API.mentorNotes),
    /** Every pair of one person (active or not), newest first. */
    studentPairs: byId(API.studentPairs),
    mentorPairs: byId(API.mentorPairs),
    activity: API.activity.path,
    pairs: API.pairs.path,
    pair: byId(API.pair),
    pairStatus: byId(API.pairStatus),
    pairsBulkDelete: API.pairsBulkDelete.path,
    pairsBulkStatus: API.pairsBulkStatus.path,
  },
} as const;

/** Timestamps travel as ISO 8601 strings. */
export interface RecordMeta {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A public application's review (review.ts); null for records a coordinator made. */
export interface ReviewFields {
  reviewStatus: ReviewStatus | null;
  /** The coordinator's reason, kept while the application is declined. */
  declineReason: string | null;
  /**
   * Whether the applicant opened the e-mail link that confirms their address (my-application.ts).
   * Records coordinators make count as confirmed.
   */
  confirmed: boolean;
  /** When the applicant withdrew (reviewStatus `withdrawn`), else null. */
  withdrawnAt: string | null;
}

/** Where a person was carried forward from, and (students) who is matched first. */
export interface CarryMarks {
  /** The cohort they were carried forward from (the "Carried forward" mark); absent: none. */
  carriedForwardFrom?: string | null;
  /** Students matched first: 'rematch' (their pair ended early) outranks 'carried-forward'. */
  matchPriority?: MatchPriority;
}

export type StudentRecord = StudentInput &
  RecordMeta &
  ReviewFields &
  CarryMarks & {
    /** The student's active pair, if any (one at a time). */
    activePairId: string | null;
  };

export type MentorRecord = MentorInput &
  RecordMeta &
  ReviewFields &
  CarryMarks & {
    /** How many active pairs the mentor has (compare with `capacity`). */
    activeStudentCount: number;
  };

/** One row of GET /api/admin/students: what the dashboard and matching need, nothing more. */
export type StudentListItem = Pick<
  StudentRecord,
  | 'id'
  | 'fullName'
  | 'emailAddress'
  | 'universityName'
  | 'academicProgram'
  | 'yearOfStudy'
  | 'isActive'
  | 'createdAt'
  | 'preferredDisciplines'
  | 'mentoringTopics'
  | 'activePairId'
  | 'reviewStatus'
  | 'cohortId'
  | 'carriedForwardFrom'
  | 'matchPriority'
> &
  /** Optional: rows written before time zones lack it (unknown: neutral in matching). */
  Partial<Pick<StudentRecord, 'timeZone'>>;

/** One row of GET /api/admin/mentors. */
export type MentorListItem = Pick<
  MentorRecord,
  | 'id'
  | 'fullName'
  | 'email'
  | 'company'
  | 'currentJobTitle'
  | 'isActive'
  | 'createdAt'
  | 'preferredDisciplines'
  | 'mentoringTopics'
  | 'capacity'
  | 'activeStudentCount'
  | 'reviewStatus'
  | 'cohortId'
  | 'carriedForwardFrom'
> &
  Partial<Pick<MentorRecord, 'timeZone'>>;

export interface PairRecord {
  id: string;
  mentorId: string;
  studentId: string;
  mentorName: string;
  studentName: string;
  /** The student's cohort when the pair was made; null when the student had none. */
  cohortId: string | null;
  assignedAt: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/{students,mentors}/:id/assignments. */
export interface PersonPairsResponse {
  pairs: PairRecord[];
}

export interface Stats {
  totalStudents: number;
  totalMentors: number;
  activeStudents: number;
  activeMentors: number;
  totalAssignments: number;
  /** Students and mentors whose applications await review. */
  awaitingReview: number;
}

/**
 * GET /api/admin/students, /api/admin/mentors and /api/admin/assignments answer a `TableResponse` of their row type
 * (see table.ts; `decodeTable` turns it back into rows), newest first. `?limit=N` (1 to
 * MAX_LIST_LIMIT) answers only the newest N rows: the dashboard's first screen.
 */
export const LIST_LIMIT_PARAM = 'limit';

export interface MessageResponse {
  message: string;
}

export interface CreatedResponse {
  id: string;
}

export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  internal: 500,
  /** A deployed function that finds emulator settings refuses to serve. */
  misconfigured: 500,
  'not-implemented': 501,
} as const;

/**
 * A form field people never see: a bot that fills it in gets a plausible 201 and nothing is
 * stored. The wizards render it, the application routes check and strip it.
 */
export const HONEYPOT_FIELD = 'website';
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error the API answers has this body. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field-level messages for 400 validation errors, keyed by field name. */
    fields?: Record<string, string>;
  };
}

export const isApiErrorBody = (value: unknown): value is ApiErrorBody => {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
};

/** PUT .../status answers the new state. */
export interface StatusResponse {
  id: string;
  isActive: boolean;
}

/** DELETE of a student or mentor: their pairs are deleted in the same atomic write. */
export interface DeletePersonResponse extends MessageResponse {
  deletedPairs: number;
}

/** POST /api/admin/assignments/bulk-status: each id either changes or is reported with why not. */
export interface BulkStatusResponse extends MessageResponse {
  updated: string[];
  failed: { id: string; message: string }[];
}

/** POST /api/admin/assignments/bulk-delete: the message shown, and how many were deleted. */
export interface BulkDeleteResponse extends MessageResponse {
  deleted: number;
}

const pairsCount = (n: number) => `${n.toLocaleString('en-US')} pair${n === 1 ? '' : 's'}`;

/**
 * The bulk actions' messages, shared by the API and by the dashboard, which sends a large
 * selection in several calls of at most MAX_BULK_IDS and sums their answers.
 */
export const bulkMessages = {
  deleted: (deleted: number) => `Deleted ${pairsCount(deleted)}.`,
  status: (isActive: boolean, updated: number, failed: number) => {
    const verb = isActive ? 'Activated' : 'Deactivated';
    return failed === 0
      ? `${verb} ${pairsCount(updated)}.`
      : `${verb} ${pairsCount(updated)}; ${failed.toLocaleString('en-US')} could not be changed.`;
  },
};

/** The message of a 400 whose `fields` say what is wrong with each field. */
export const FIELDS_MESSAGE = 'Some fields need attention.';

/**
 * 409 to an edit made on a record that changed after the form opened (`?version=`): nothing is
 * saved, and the editor's values stay in the form.
 */
export const RECORD_CHANGED_MESSAGE =
  'This record was changed by someone else while you were editing it. Nothing was saved: copy your changes, reload the page to see the latest version, then make them again.';

/** Messages the API answers with 409 when a pair cannot be made or activated. */
export const CONFLICT_MESSAGES = {
  duplicateStudentEmail: 'An application for this e-mail address already exists.',
  duplicateMentorEmail: 'A mentor application for this e-mail address already exists.',
  inactiveMentor: 'Cannot assign students to an inactive mentor.',
  inactiveStudent: 'Cannot assign an inactive student to a mentor.',
  studentAlreadyMatched: 'This student already has an active mentor.',
  duplicatePair: 'This student is already assigned to this mentor.',
  mentorFull: 'This mentor has no free places left.',
} as const;
