/**
 * Who may see each stored field: what a participant writes for the coordinators and what
 * coordinators write about someone never reaches the partner, and a download holds the person's
 * own words and what the program told them. This is the one statement every export, page and
 * e-mail that shows someone's data is built from, and what the walk test
 * (tests/api/audience.test.ts) checks every stored document against.
 *
 * Audiences, from the widest to the narrowest (each includes the coordinators, except `secret`):
 * - `partner`: the person, their partner in a pair (name, the shared facts of the pair) and the
 *   coordinators.
 * - `person`: the person the field is about (their own answers and words) and the coordinators;
 *   never their partner.
 * - `coordinators`: coordinators only (their notes, the program's bookkeeping about someone).
 * - `secret`: nobody; never exported or shown (token hashes, link material, counters keyed by a
 *   client's address).
 *
 * Whose a field is (`subject`): the person whose record the document is, the person a field names
 * (`personId`), both participants of a pair, the addressees of an e-mail, the people a history
 * entry names, or nobody (the program's own data). In a pair's document a field under a
 * `{side}` key (`student` / `mentor`) is that participant's; a rule may instead name the field
 * that says whose it is (`side`, e.g. the reporter of a problem).
 *
 * Field paths are dotted. `*` stands for any key of a map, `{side}` for `student` or `mentor`.
 * A rule states the audience of the whole value at its path, maps included; to state a map's
 * fields one by one, leave the map itself out and list its fields. A stored field matched by no
 * rule has no audience: the walk test fails on it and every view leaves it out. To add a field,
 * add a line here (and run tests/api/audience.test.ts); a collection is added to the registry
 * first (registry.ts), and this statement does not compile until it has its line here.
 */
import { MENTOR_LIST_FIELDS, STUDENT_LIST_FIELDS } from './list-fields';
import type { PersonKind } from './people';
import { COLLECTIONS, type CollectionPath } from './registry';

export const AUDIENCES = ['partner', 'person', 'coordinators', 'secret'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Whose data a document is. */
export type AudienceSubject =
  /** The person's own record: the document id is the person's id. */
  | { of: 'record' }
  /** The person whose id this (top-level) field holds. */
  | { of: 'field'; field: string }
  /** Both participants of a pair (`studentId`, `mentorId`); `{side}` fields are one's. */
  | { of: 'pair' }
  /** The addressees of an e-mail (`to`). */
  | { of: 'recipients' }
  /** Every person a history entry names (`people`). */
  | { of: 'people' }
  /** Program data about nobody in particular. */
  | { of: 'nobody' };

type Doc = Record<string, unknown>;

/** An audience, or an audience whose participant is named by another field of the document. */
export type FieldRule =
  | Audience
  | {
      audience: Audience;
      /** Dotted path of the field holding `student` or `mentor`: whose the value is. */
      side?: string;
      /** The audience depends on the document (e.g. a history entry's changed field). */
      resolve?: (doc: Doc, keys: string[]) => Audience;
    };

export interface CollectionAudience {
  subject: AudienceSubject;
  fields: Record<string, FieldRule>;
}

// --- Shared pieces -------------------------------------------------------------------------

/**
 * The same audience for each of `fields`: spread into a collection's fields, with the fields
 * that differ stated beside it.
 */
const fieldsFor = (audience: Audience, fields: readonly string[]): Record<string, FieldRule> =>
  Object.fromEntries(fields.map((field) => [field, audience]));

/** What both kinds of application share. */
const APPLICATION_COMMON: Record<string, FieldRule> = {
  fullName: 'partner',
  ...fieldsFor('person', [
    'phoneNumber',
    'linkedinUrl',
    'preferredDisciplines',
    'mentoringTopics',
    'agreedToCommitment',
    'consentToContact',
    'isActive',
    'reviewStatus',
    /** E-mailed to the applicant with the decision. */
    'declineReason',
    'confirmed',
    'confirmedAt',
    'withdrawnAt',
    'createdAt',
    'updatedAt',
    'cohortId',
    'carriedForwardFrom',
  ]),
  ...fieldsFor('coordinators', [
    /** Whether the coordinators were told when it was confirmed (the hour's caps decided). */
    'noteOnConfirm',
    /** The cohort whose carry-forward question was sent (bookkeeping of the job). */
    'carryAskedFor',
    /** `rematch`: matched first after a pair ended; the coordinators' queue order. */
    'matchPriority',
  ]),
};

/** The list row of a person: a copy of list fields for the dashboard (list-fields.ts). */
const ROW: CollectionAudience = {
  subject: { of: 'record' },
  fields: fieldsFor('coordinators', [...STUDENT_LIST_FIELDS, ...MENTOR_LIST_FIELDS]),
};

const NOTES: CollectionAudience = {
  subject: { of: 'nobody' },
  fields: fieldsFor('coordinators', ['at', 'author', 'text']),
};

const PAIR_FIELDS: Record<string, FieldRule> = {
  ...fieldsFor('partner', [
    'studentId',
    'mentorId',
    'studentName',
    'mentorName',
    'cohortId',
    'isActive',
    'assignedAt',
    'createdAt',
    'updatedAt',
    /** Ending: both are told when and why (pairEndedEmail), never the coordinator's note. */
    'endedAt',
    'endReason',
    'endedBy',
    'completedAt',
    'sessionsHeld',
    'progress.sessionsHeld',
    'progress.lastSessionOn',
  ]),
  endNote: 'coordinators',
  /** Both certificates' public ids: each participant gets their own from `certificates`. */
  certificateIds: 'coordinators',
  mentorPlaceReleasedAt: 'coordinators',
  ...fieldsFor('person', [
    'progress.ratings.{side}',
    'progress.fit.{side}',
    'progress.notes.{side}',
  ]),
  /** Pair-wide mark: it would tell the partner that a problem was reported. */
  'progress.problemReportedAt': 'coordinators',
  /** Bookkeeping of the once-per-pair re-match e-mail; the mentee's answer is `progress.fit`. */
  'progress.rematchRequestedAt': 'coordinators',
  /** The daily job's bookkeeping (each check-in's own document is the person's). */
  'progress.checkIns.*': 'coordinators',
  'progress.nudges.*': 'coordinators',
  /** Its place in the coordinators' list (pair-health.ts `PairListing`). */
  'listing.*': 'coordinators',
};

const isSideKey = (key: string) => key === 'student' || key === 'mentor';

/** The audience of a field of the collection a history entry's subject is a document of. */
const changedFieldAudience = (doc: Doc, keys: string[]): Audience => {
  const kind = (doc.subject as { kind?: unknown } | undefined)?.kind;
  const collection =
    kind === 'student'
      ? COLLECTIONS.students
      : kind === 'mentor'
        ? COLLECTIONS.mentors
        : kind === 'pair'
          ? COLLECTIONS.pairs
          : null;
  const field = keys[0];
  if (!collection || !field) return 'coordinators';
  const rule = STORED_FIELD_AUDIENCES[collection].fields[field];
  if (!rule) return 'coordinators';
  return typeof rule === 'string' ? rule : rule.audience;
};

// --- The statement -------------------------------------------------------------------------

/**
 * Every collection the program stores (the registry's paths, registry.ts: `*` for a document id,
 * `students/*\/notes`), and the audience of each of its fields.
 */
export const STORED_FIELD_AUDIENCES: Record<CollectionPath, CollectionAudience> = {
  students: {
    subject: { of: 'record' },
    fields: {
      ...APPLICATION_COMMON,
      /** In the introduction e-mail and on My application's match. */
      ...fieldsFor('partner', ['emailAddress', 'universityName', 'academicProgram']),
      ...fieldsFor('person', [
        'yearOfStudy',
        'nominatedBy',
        'professorEmail',
        'careerInterests',
        'mentorshipGoals',
        'timeZone',
        'activePairId',
      ]),
    },
  },
  mentors: {
    subject: { of: 'record' },
    fields: {
      ...APPLICATION_COMMON,
      ...fieldsFor('partner', ['email', 'currentJobTitle', 'company']),
      ...fieldsFor('person', [
        'yearsExperience',
        'education',
        'skills',
        'location',
        'timeZone',
        'profileSummary',
        'availability',
        'motivation',
        'capacity',
        'activeStudentCount',
      ]),
    },
  },
  /** Coordinators' private notes on a person: never in an export, a page of theirs or an e-mail. */
  'students/*/notes': NOTES,
  'mentors/*/notes': NOTES,
  'cohorts/*/studentRows': ROW,
  'cohorts/*/mentorRows': ROW,
  /** One application per address and role. */
  applicationLocks: {
    subject: { of: 'field', field: 'recordId' },
    fields: fieldsFor('coordinators', ['role', 'email', 'recordId']),
  },
  pairs: { subject: { of: 'pair' }, fields: PAIR_FIELDS },
  /** A session held: a fact of the pair, no words. */
  sessions: {
    subject: { of: 'pair' },
    fields: {
      ...fieldsFor('partner', [
        'pairId',
        'cohortId',
        'studentId',
        'mentorId',
        'heldOn',
        'loggedBy',
        'loggedAt',
      ]),
      /** Which check-in or log says the meeting happened (the pair's own bookkeeping). */
      saidBy: 'coordinators',
    },
  },
  /** One participant's monthly check-in: their answer and words, for the coordinators. */
  checkIns: {
    subject: { of: 'field', field: 'personId' },
    fields: fieldsFor('person', [
      'pairId',
      'cohortId',
      'role',
      'personId',
      'month',
      'sentAt',
      'answeredAt',
      'answer',
      'heldOn',
      'rating',
      'note',
      'fit',
    ]),
  },
  /** One-click links: the document id is a token's hash; nothing of it is ever shown. */
  checkInTokens: {
    subject: { of: 'field', field: 'personId' },
    fields: fieldsFor('secret', [
      'checkInId',
      'pairId',
      'role',
      'personId',
      'createdAt',
      'expiresAt',
    ]),
  },
  nudges: {
    subject: { of: 'people' },
    fields: fieldsFor('coordinators', ['kind', 'pairId', 'people', 'day', 'pairs', 'createdAt']),
  },
  /** What the certificate shows (public to whoever has its id) and the ids that erase it. */
  certificates: {
    subject: { of: 'field', field: 'personId' },
    fields: {
      ...fieldsFor('person', [
        'fullName',
        'role',
        'cohortName',
        'programStart',
        'programEnd',
        'sessionsHeld',
        'issuedOn',
        'personId',
        'pairId',
        'cohortId',
        'createdAt',
      ]),
      expiresAt: 'coordinators',
    },
  },
  /** The final survey: the person's own answers, read by coordinators in the cohort report. */
  surveys: {
    subject: { of: 'field', field: 'personId' },
    fields: {
      ...fieldsFor('person', [
        'certificateId',
        'pairId',
        'cohortId',
        'personId',
        'role',
        'rating',
        'wouldRecommend',
        'improve',
        'answeredAt',
      ]),
      expiresAt: 'coordinators',
    },
  },
  /** The outbox: what the program told each addressee. */
  mail: {
    subject: { of: 'recipients' },
    fields: {
      ...fieldsFor('person', [
        'to',
        'kind',
        'message.subject',
        /** May hold link material at rest: exports redact it (`withoutLinkMaterial`). */
        'message.text',
        'message.html',
        'message.attachments',
        'createdAt',
        /** Whether it was sent: a download says so (`delivered`). */
        'delivery.state',
      ]),
      ...fieldsFor('coordinators', [
        'subjectId',
        /** Ids of the people a message to the coordinators names. */
        'people',
        /** The address a sign-in link is made for at send time. */
        'signInLinkFor',
        /** What links to make at each send (ids and addresses; never a token). */
        'links',
        'expireAt',
        'delivery.attempts',
        'delivery.startTime',
        'delivery.endTime',
        'delivery.leaseExpireTime',
        /** SMTP errors often quote addresses. */
        'delivery.error',
        'delivery.info',
        /** The outbox's retry bookkeeping and what coordinators see of a failure. */
        'delivery.nextAttemptAt',
        'delivery.retryReason',
        'delivery.firstFailureAt',
        'failure',
        'attention',
        'resendOf',
        'resentAs',
      ]),
    },
  },
  /** History of coordinators' changes. */
  audit: {
    subject: { of: 'people' },
    fields: {
      ...fieldsFor('person', ['at', 'action', 'subject.kind', 'subject.id']),
      'subject.name': 'partner',
      ...fieldsFor('coordinators', [
        'expireAt',
        'actor',
        'people',
        /** A coordinator's words (an end-of-pair note; a decline reason, also on the record). */
        'detail',
        'scrubbed',
      ]),
      /** Each changed field has the audience that field has where it is stored. */
      'changes.*': { audience: 'coordinators', resolve: changedFieldAudience },
    },
  },
  coordinators: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', ['email', 'addedAt', 'addedBy']),
  },
  /**
   * The document id is the coordinator's uid. Their passkeys are public keys and credential ids
   * (WebAuthn hands the ids to the browser at every sign-in): the account page lists one's own,
   * when added and last used. The rest is never shown to anyone.
   */
  coordinatorSecrets: {
    subject: { of: 'nobody' },
    fields: {
      passkeys: 'coordinators',
      ...fieldsFor('secret', ['email', 'challenges', 'enrolment', 'addressAlertFor']),
    },
  },
  /** Counts of a coordinator's long action, read live by the page that started it. */
  workProgress: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', ['kind', 'total', 'done', 'state', 'updatedAt']),
  },
  /** The document id is the session's random id, which only its own tokens carry. */
  coordinatorSessions: {
    subject: { of: 'nobody' },
    fields: fieldsFor('secret', [
      'uid',
      'openedAt',
      'lastActiveAt',
      'expiresAt',
      'steppedUpAt',
      'passkeyId',
    ]),
  },
  /** The document id is a token's hash. */
  invitations: {
    subject: { of: 'nobody' },
    fields: {
      ...fieldsFor('coordinators', [
        'email',
        'invitedAt',
        'invitedBy',
        'expiresAt',
        'acceptedAt',
        'acceptedBy',
      ]),
      /** The SHA-256 of each token e-mailed for it. */
      tokenHashes: 'secret',
    },
  },
  cohorts: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', [
      'name',
      'term',
      'year',
      'applicationsOpen',
      'applicationsClose',
      'matchingDoneBy',
      'programStart',
      'programEnd',
      'createdAt',
      'updatedAt',
      'carryForwardDoneAt',
      /** The orientation(s) and closing event (when, how long, where, revision). */
      'events.*',
      'proposalRequiresOrientation',
      'certificatesAfter',
    ]),
  },
  /** A carry-forward question (id: a token's hash) and whether it was answered. */
  carryOffers: {
    subject: { of: 'field', field: 'personId' },
    fields: {
      ...fieldsFor('person', [
        'kind',
        'personId',
        'reason',
        'fromCohortId',
        'toCohortId',
        'toCohortName',
        'createdAt',
        'answeredAt',
      ]),
      expireAt: 'coordinators',
      /** The SHA-256 of each token e-mailed for it. */
      tokenHashes: 'secret',
    },
  },
  /** "Tell me when applications open" (id: the address's hash). */
  openingAlerts: {
    subject: { of: 'nobody' },
    fields: {
      ...fieldsFor('coordinators', ['email', 'consentAt', 'expireAt', 'confirmedAt']),
      tokenHashes: 'secret',
    },
  },
  /** A cohort's report figures, kept as they change (counts and sums, no one's words; id: the cohort). */
  reportTallies: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', ['tally.*', 'valid', 'generation', 'countedAt']),
  },
  /** A sign-in-link or password-reset request, kept until its trigger has run (seconds). */
  doorRequests: {
    subject: { of: 'nobody' },
    fields: fieldsFor('secret', ['door', 'email', 'createdAt', 'expiresAt']),
  },
  /** A published screening-interview slot; `mentorId` while a mentor holds it. */
  interviewSlots: {
    subject: { of: 'field', field: 'mentorId' },
    fields: fieldsFor('coordinators', [
      'startsAt',
      'minutes',
      'place',
      'where',
      'hostUid',
      'hostEmail',
      'createdAt',
      'mentorId',
    ]),
  },
  /** A mentor's screening interview (id: the mentor's record id); what the invitation told them. */
  interviewBookings: {
    subject: { of: 'record' },
    fields: {
      ...fieldsFor('person', [
        'mentorId',
        'slotId',
        'status',
        'startsAt',
        'minutes',
        'place',
        'where',
        /** The interviewing coordinator's address: an attendee of the mentor's invitation. */
        'hostEmail',
        /** The calendar UID and SEQUENCE of the mentor's invitation. */
        'uid',
        'sequence',
        'changes',
        'attendance',
        'decision',
        'recordedAt',
        'createdAt',
        'updatedAt',
      ]),
      remindedAt: 'coordinators',
      /**
       * A hash of the mailbox the application's address reaches (aliases as one): how the one
       * open booking per mailbox is counted. Means nothing to anyone who reads it.
       */
      mailbox: 'secret',
    },
  },
  /** Counters keyed by a client's (hashed) address. */
  rateLimits: {
    subject: { of: 'nobody' },
    fields: fieldsFor('secret', ['count', 'windowStart', 'expiresAt']),
  },
  /** The public forms' program-wide caps (per hour, per hashed recipient). */
  publicCaps: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', ['applications', 'emails', 'count', 'expiresAt']),
  },
  /** Random keys the function made for itself. */
  programSecrets: { subject: { of: 'nobody' }, fields: fieldsFor('secret', ['key', 'createdAt']) },
  /** Read by the health check, never written. */
  _health: { subject: { of: 'nobody' }, fields: {} },
  /**
   * A student's nomination (id: the student's id), asked of the nominator once. The
   * nominator's address is the student's data (they gave it); the answer and the nominator's
   * line are for the coordinators (like a reference), not the student's download.
   */
  nominations: {
    subject: { of: 'field', field: 'studentId' },
    fields: {
      ...fieldsFor('person', ['studentId', 'nominatorEmail', 'nominatorName', 'askedAt']),
      ...fieldsFor('coordinators', ['linkExpiresAt', 'state', 'answeredAt', 'note']),
      /** The address the answer came from (the one its link was sent to). */
      answeredBy: 'coordinators',
      /** How many times the nominator was asked (the program's bookkeeping of its e-mail). */
      asks: 'coordinators',
      tokenHashes: 'secret',
    },
  },
  /**
   * "Report a problem": the reporter's own words for the coordinators, never their partner's
   * (like a check-in's words), so the reporter is the subject.
   */
  problemReports: {
    subject: { of: 'field', field: 'personId' },
    fields: fieldsFor('person', ['pairId', 'cohortId', 'role', 'personId', 'on', 'at', 'text']),
  },
  /**
   * A session a pair planned. Both participants see its time and state on My
   * application; the zones each entered a time in, the calendar bookkeeping and the reminder's
   * mark are the pair's shared facts too (nothing either wrote for the coordinators).
   */
  plannedSessions: {
    subject: { of: 'pair' },
    fields: {
      ...fieldsFor('partner', [
        'pairId',
        'cohortId',
        'studentId',
        'mentorId',
        'startsAt',
        'minutes',
        'status',
        'proposedBy',
        'zones.{side}',
        'uid',
        'sequence',
        'invited',
        'acceptedAt',
        'cancelledAt',
        'cancelledBy',
        'shortNotice',
        'createdAt',
        'updatedAt',
      ]),
      remindedAt: 'coordinators',
    },
  },
  /** A month's session guide as coordinators wrote it (the program's own text). */
  sessionGuides: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', ['month', 'topics', 'questions', 'updatedAt', 'updatedBy']),
  },
  /**
   * A participant's one classmate invitation (id: the hash of the sender's address; `people`: the
   * sender's record ids) and the program-wide "invited" marker of a classmate (id: `to-` + the
   * hash of their address). The classmate's address is kept only while the invitation waits for
   * a cohort's dates, and is the classmate's: the sender's download leaves it out. TTL on
   * `expiresAt`.
   */
  recommendations: {
    subject: { of: 'people' },
    fields: {
      ...fieldsFor('person', ['state', 'senderName', 'createdAt', 'sentAt', 'expiresAt']),
      ...fieldsFor('coordinators', ['invitedAt', 'people']),
      classmateEmail: 'secret',
      classmateHash: 'secret',
    },
  },
  /**
   * One person's invitation to a cohort's orientation or closing event (id: cohort,
   * event, kind and person): what their calendar was told, their reply and attendance.
   */
  /**
   * The work of bringing one event's invitations in line after a coordinator's change (id: the
   * cohort and the event), deleted when done: where it stands, names no one.
   */
  eventFanouts: {
    subject: { of: 'nobody' },
    fields: fieldsFor('coordinators', [
      'cohortId',
      'event',
      'generation',
      'cursor',
      'state',
      'sent.*',
      'failed',
      'requestedAt',
      'updatedAt',
    ]),
  },
  eventInvitations: {
    subject: { of: 'field', field: 'personId' },
    fields: {
      ...fieldsFor('person', [
        'cohortId',
        'event',
        'personKind',
        'personId',
        'uid',
        'sequence',
        'state',
        'startsAt',
        'minutes',
        'reply',
        'repliedAt',
        'attended',
        'invitedAt',
      ]),
      ...fieldsFor('coordinators', ['revision', 'remindedFor', 'updatedAt']),
      /** The SHA-256 of each reply token e-mailed for it. */
      tokenHashes: 'secret',
    },
  },
};

/** The statement of a collection given by its path, if it is registered. */
export const audienceOf = (collection: string): CollectionAudience | undefined =>
  (STORED_FIELD_AUDIENCES as Record<string, CollectionAudience | undefined>)[collection];

// --- Reading the statement ------------------------------------------------------------------

/** `students/abc/notes/xyz` -> `students/*\/notes` (document ids become `*`). */
export function collectionPatternOf(documentPath: string): string {
  const parts = documentPath.split('/').slice(0, -1);
  return parts.map((p, i) => (i % 2 === 1 ? '*' : p)).join('/');
}

const isMap = (value: unknown): value is Doc =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

const get = (doc: Doc, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (isMap(v) ? v[k] : undefined), doc);

interface Match {
  rule: FieldRule;
  /** What each `*` / `{side}` of the rule's path matched. */
  keys: string[];
  side: string | null;
}

function matchRule(fields: Record<string, FieldRule>, path: string[]): Match | null {
  for (const [pattern, rule] of Object.entries(fields)) {
    const parts = pattern.split('.');
    if (parts.length !== path.length) continue;
    const keys: string[] = [];
    let side: string | null = null;
    const ok = parts.every((p, i) => {
      const key = path[i] as string;
      if (p === '*') return keys.push(key) > 0;
      if (p === '{side}') {
        side = key;
        return isSideKey(key) && keys.push(key) > 0;
      }
      return p === key;
    });
    if (ok) return { rule, keys, side };
  }
  return null;
}

/** A map stated field by field (`changes.*`), stored empty or null: nothing in it to state. */
const isEmptyStatedMap = (fields: Record<string, FieldRule>, path: string[], value: unknown) =>
  (value === null || (isMap(value) && Object.keys(value).length === 0)) &&
  Object.keys(fields).some((pattern) => {
    const parts = pattern.split('.');
    return (
      parts.length > path.length &&
      path.every(
        (key, i) =>
          parts[i] === key || parts[i] === '*' || (parts[i] === '{side}' && isSideKey(key)),
      )
    );
  });

/**
 * The dotted paths of a stored document's fields that no rule states an audience for (nested
 * fields included). An unknown collection answers every field.
 */
export function fieldsWithoutAudience(collection: string, doc: Doc): string[] {
  const spec = audienceOf(collection);
  const out: string[] = [];
  const walk = (value: Doc, path: string[]) => {
    for (const [key, inner] of Object.entries(value)) {
      const here = [...path, key];
      if (spec && matchRule(spec.fields, here)) continue;
      if (isMap(inner) && Object.keys(inner).length > 0) walk(inner, here);
      else if (!(spec && isEmptyStatedMap(spec.fields, here, inner))) out.push(here.join('.'));
    }
  };
  walk(doc, []);
  return out;
}

/** Who is looking: the coordinators, or a person (a participant: their side in a pair). */
export type Viewer =
  | { as: 'coordinators' }
  | {
      as: 'person';
      /** The viewer's id: what `record`, `field` and `people` subjects are compared with. */
      personId: string;
      /** Their addresses (what `recipients` is compared with). */
      emails?: string[];
      /** Their side in a pair document. */
      role?: PersonKind;
    };

const ownSubject = (spec: CollectionAudience, doc: Doc, id: string, viewer: Viewer): boolean => {
  if (viewer.as === 'coordinators') return true;
  const s = spec.subject;
  switch (s.of) {
    case 'record':
      return id === viewer.personId;
    case 'field':
      return doc[s.field] === viewer.personId;
    case 'pair':
      return doc.studentId === viewer.personId || doc.mentorId === viewer.personId;
    case 'recipients': {
      const to = Array.isArray(doc.to) ? doc.to.map((t) => String(t).trim().toLowerCase()) : [];
      return (viewer.emails ?? []).some((e) => to.includes(e.trim().toLowerCase()));
    }
    case 'people':
      return Array.isArray(doc.people) && doc.people.includes(viewer.personId);
    default:
      return false;
  }
};

function visible(
  rule: FieldRule,
  match: Match,
  doc: Doc,
  viewer: Viewer,
  relation: 'self' | 'partner' | null,
): boolean {
  const audience =
    typeof rule === 'string' ? rule : rule.resolve ? rule.resolve(doc, match.keys) : rule.audience;
  if (audience === 'secret') return false;
  if (viewer.as === 'coordinators') return true;
  if (audience === 'coordinators' || relation === null) return false;
  const side =
    match.side ??
    (typeof rule === 'object' && rule.side ? (get(doc, rule.side) as string | null) : null);
  // A participant's field of a pair document: the person is the participant of that side.
  const own = side ? relation === 'self' && side === viewer.role : relation === 'self';
  if (audience === 'person') return own;
  // `partner`: the person and their partner.
  return true;
}

/**
 * The document as `viewer` may see it: only fields whose audience includes them, nothing a rule
 * does not name, never a secret. `relation`: whether the document is the viewer's own (`self`,
 * the default when its subject is the viewer), their partner's (`partner`, e.g. the partner's
 * record read for an introduction), or neither (nothing but coordinators' view then).
 */
export function viewOf(
  collection: string,
  id: string,
  doc: Doc,
  viewer: Viewer,
  relation?: 'self' | 'partner',
): Doc {
  const spec = audienceOf(collection);
  if (!spec) return {};
  const rel: 'self' | 'partner' | null =
    relation ?? (ownSubject(spec, doc, id, viewer) ? 'self' : null);
  const walk = (value: Doc, path: string[]): Doc => {
    const out: Doc = {};
    for (const [key, inner] of Object.entries(value)) {
      const here = [...path, key];
      const match = matchRule(spec.fields, here);
      if (match) {
        if (visible(match.rule, match, doc, viewer, rel)) out[key] = inner;
      } else if (isMap(inner)) {
        const kept = walk(inner, here);
        if (Object.keys(kept).length > 0) out[key] = kept;
      }
    }
    return out;
  };
  return walk(doc, []);
}

/**
 * A person's record (`students` / `mentors`) as their partner sees it: the fields of audience
 * `partner` only. What an introduction and My application's match show of the other side.
 */
export const partnerView = (collection: 'students' | 'mentors', doc: Doc): Doc =>
  viewOf(collection, '', doc, { as: 'person', personId: '' }, 'partner');

/** One line about a person for their partner, from what a partner may see. */
export function aboutForPartner(kind: PersonKind, doc: Doc): string {
  const seen = partnerView(kind === 'student' ? COLLECTIONS.students : COLLECTIONS.mentors, doc);
  const parts =
    kind === 'mentor'
      ? [[seen.currentJobTitle, seen.company], ' at ']
      : [[seen.academicProgram, seen.universityName], ', '];
  const [values, separator] = parts as [unknown[], string];
  return values.filter((v): v is string => typeof v === 'string' && v !== '').join(separator);
}

/**
 * A stored message's text without link material: one-time links of any kind (a query or path
 * carrying a token, Firebase's `oobCode`) and the placeholders a sender fills at send time. What
 * a download of someone's data shows of an e-mail.
 */
export const LINK_MATERIAL_AT_REST = '(a one-time link, made for the e-mail and not kept)';
const ONE_TIME_LINK =
  /https?:\/\/[^\s"'<>]*(?:[?&#](?:token|oobCode|code|apiKey)=|\/accept-invitation|\/check-in\b)[^\s"'<>]*/gi;
const PLACEHOLDER = /\[\[[a-z0-9-]+\]\]/gi;

export function withoutLinkMaterial(text: string): string {
  return text
    .replace(ONE_TIME_LINK, LINK_MATERIAL_AT_REST)
    .replace(PLACEHOLDER, LINK_MATERIAL_AT_REST);
}
