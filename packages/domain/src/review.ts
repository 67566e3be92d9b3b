/**
 * Review of public applications. An application arrives `awaiting`; a coordinator approves it
 * (the person becomes active and can be matched) or declines it with a reason; a declined one
 * can be reopened (awaiting again). Records a coordinator makes have no review (`null`).
 * Awaiting review, declined and deactivated (inactive otherwise) are three different things.
 */
import { mixed, object, string, type InferType } from 'yup';
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
export type ReviewInput = InferType<typeof reviewSchema>;

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
  | 'review.approve'
  | 'review.decline'
  | 'review.reopen'
  | 'assignment.create'
  | 'assignment.status'
  | 'assignment.delete'
  | 'assignments.bulk-delete'
  | 'coordinator.invite'
  | 'coordinator.join'
  | 'coordinator.remove'
  | 'coordinator.passkeys-reset'
  | 'coordinator.invitation-cancel'
  | 'cohort.create'
  | 'cohort.update'
  | 'assignment.end'
  | 'mail.resend'
  | 'session-guide.update'
  | 'session-guide.reset';
// A bulk status change records one `assignment.status` per assignment: each is its own
// transaction (capacity is re-checked one by one), and its entry is written in it.

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  id: string;
  at: string;
  actor: { uid: string; email: string | null };
  action: AuditAction;
  subject: {
    kind: PersonKind | 'assignment' | 'coordinator' | 'cohort' | 'mail' | 'session-guide';
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
  'review.approve': 'Approved',
  'review.decline': 'Declined',
  'review.reopen': 'Reopened',
  'assignment.create': 'Assignment created',
  'assignment.status': 'Assignment status changed',
  'assignment.delete': 'Assignment deleted',
  'assignments.bulk-delete': 'Assignments deleted (bulk)',
  'coordinator.invite': 'Coordinator invited',
  'coordinator.join': 'Coordinator joined',
  'coordinator.remove': 'Coordinator removed',
  'coordinator.passkeys-reset': "Coordinator's passkeys reset",
  'coordinator.invitation-cancel': 'Invitation cancelled',
  'cohort.create': 'Cohort created',
  'cohort.update': 'Cohort edited',
  'assignment.end': 'Pair ended',
  'mail.resend': 'E-mail sent again',
  'session-guide.update': 'Session guide edited',
  'session-guide.reset': 'Session guide back to default',
};
