/**
 * Review of public applications. An application arrives `awaiting`; a coordinator approves it
 * (the person becomes active and can be matched) or declines it with a reason; a declined one
 * can be reopened (awaiting again). Records a coordinator makes have no review (`null`).
 * Awaiting review, declined and deactivated (inactive otherwise) are three different things.
 */
import { mixed, object, string } from 'yup';
import type { PersonKind } from './people';

/** `withdrawn`: the applicant withdrew it (My application); it can never be activated or matched. */
export const REVIEW_STATUSES = ['awaiting', 'approved', 'declined', 'withdrawn'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const REVIEW_DECISIONS = ['approve', 'decline', 'reopen'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const DECLINE_REASON_MAX = 1000;

export const reviewSchema = object({
  decision: mixed<ReviewDecision>()
    .oneOf([...REVIEW_DECISIONS], 'Choose approve, decline or reopen.')
    .required('Choose approve, decline or reopen.'),
  reason: string()
    .trim()
    .max(DECLINE_REASON_MAX, `Keep the reason under ${DECLINE_REASON_MAX} characters.`)
    .when('decision', {
      is: 'decline',
      then: (s) => s.required('Give the reason for declining; the applicant will read it.'),
      otherwise: (s) => s.strip(),
    }),
});

/** What a row's badge says about a person, in the order a coordinator triages. */
export type PersonState = 'awaiting' | 'declined' | 'withdrawn' | 'active' | 'inactive';
export const personState = (p: {
  isActive: boolean;
  reviewStatus?: ReviewStatus | null;
}): PersonState =>
  p.reviewStatus === 'awaiting'
    ? 'awaiting'
    : p.reviewStatus === 'declined'
      ? 'declined'
      : p.reviewStatus === 'withdrawn'
        ? 'withdrawn'
        : p.isActive
          ? 'active'
          : 'inactive';

export const PERSON_STATE_LABELS: Record<PersonState, string> = {
  awaiting: 'Awaiting review',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  active: 'Active',
  inactive: 'Inactive',
};

/** The 409 answer when a declined application is activated without reopening it. */
export const REVIEW_MESSAGES = {
  declinedCannotActivate: 'This application was declined. Reopen it before activating.',
  notAwaiting: 'Only an application awaiting review can be approved or declined.',
  notDeclined: 'Only a declined application can be reopened.',
} as const;

// ---------------------------------------------------------------------------------------------
// History (audit entries)

export type AuditAction =
  | 'person.create'
  | 'person.update'
  | 'person.status'
  | 'person.delete'
  /** A coordinator downloaded the person's data (an access request answered, or not). */
  | 'person.export'
  | 'review.approve'
  | 'review.decline'
  | 'review.reopen'
  | 'pair.create'
  | 'pair.status'
  | 'pair.delete'
  | 'pairs.bulk-delete'
  | 'coordinator.invite'
  | 'coordinator.join'
  | 'coordinator.remove'
  | 'coordinator.passkeys-reset'
  | 'coordinator.passkey-added'
  | 'coordinator.passkey-removed'
  | 'coordinator.address-changed'
  | 'coordinator.password-changed'
  | 'coordinator.invitation-cancel'
  | 'cohort.create'
  | 'cohort.update'
  | 'pair.end'
  | 'mail.resend'
  | 'session-guide.update'
  | 'session-guide.reset'
  | 'interview.cancel'
  | 'interview.slot-publish'
  | 'interview.slot-remove';
// A bulk status change records one `pair.status` per pair: each is its own
// transaction (capacity is re-checked one by one), and its entry is written in it.

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  id: string;
  at: string;
  actor: { uid: string; email: string | null };
  action: AuditAction;
  subject: {
    kind:
      PersonKind | 'pair' | 'coordinator' | 'cohort' | 'mail' | 'session-guide' | 'interview-slot';
    id: string;
    name: string | null;
  };
  people: string[];
  changes: AuditChanges | null;
  detail: string | null;
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'person.create': 'Created',
  'person.update': 'Edited',
  'person.status': 'Status changed',
  'person.delete': 'Deleted',
  'person.export': 'Data downloaded',
  'review.approve': 'Approved',
  'review.decline': 'Declined',
  'review.reopen': 'Reopened',
  'pair.create': 'Pair created',
  'pair.status': 'Pair status changed',
  'pair.delete': 'Pair deleted',
  'pairs.bulk-delete': 'Pairs deleted (bulk)',
  'coordinator.invite': 'Coordinator invited',
  'coordinator.join': 'Coordinator joined',
  'coordinator.remove': 'Coordinator removed',
  'coordinator.passkeys-reset': "Coordinator's passkeys reset",
  'coordinator.passkey-added': 'Passkey added',
  'coordinator.passkey-removed': 'Passkey removed',
  'coordinator.address-changed': "Coordinator's sign-in under another address",
  'coordinator.password-changed': 'Password changed',
  'coordinator.invitation-cancel': 'Invitation cancelled',
  'cohort.create': 'Cohort created',
  'cohort.update': 'Cohort edited',
  'pair.end': 'Pair ended',
  'mail.resend': 'E-mail sent again',
  'session-guide.update': 'Session guide edited',
  'session-guide.reset': 'Session guide back to default',
  'interview.cancel': 'Interview cancelled',
  'interview.slot-publish': 'Interview time published',
  'interview.slot-remove': 'Interview time removed',
};

/** A stored history entry, as far as deciding whom it is about needs it. */
interface StoredEntry {
  action?: unknown;
  subject?: { kind?: unknown; id?: unknown; name?: unknown };
  people?: unknown;
  detail?: unknown;
}

/** A pair's id names its two people (`<mentorId>__<studentId>`). */
const PAIR_ID = /[A-Za-z0-9]+__[A-Za-z0-9]+/g;
const pairNames = (pairId: string, personId: string) => pairId.split('__').includes(personId);

/**
 * A history entry as the person's own download may hold it, or null when it is not about them:
 * their record's entries; their pairs' (a bulk delete names the many pairs it deleted: the
 * entry is kept about theirs, the others' ids left out); an e-mail of theirs sent again. An
 * entry that names them among others (a coordinators' digest sent again, listing every pair at
 * risk) is about those others too, and stays out. The fields shown are then the audience's.
 */
export function historyEntryAbout<T extends StoredEntry>(entry: T, personId: string): T | null {
  const kind = entry.subject?.kind;
  const id = typeof entry.subject?.id === 'string' ? entry.subject.id : '';
  const people = Array.isArray(entry.people) ? entry.people : [];
  if (kind === 'student' || kind === 'mentor') return id === personId ? entry : null;
  if (kind === 'mail') return people.length === 1 && people[0] === personId ? entry : null;
  if (kind !== 'pair') return null;
  if (pairNames(id, personId)) return entry;
  if (entry.action !== 'pairs.bulk-delete' || !people.includes(personId)) return null;
  const listed = typeof entry.detail === 'string' ? (entry.detail.match(PAIR_ID) ?? []) : [];
  const own = listed.find((pairId) => pairNames(pairId, personId));
  if (!own) return null;
  return { ...entry, subject: { ...entry.subject, id: own, name: null } };
}
