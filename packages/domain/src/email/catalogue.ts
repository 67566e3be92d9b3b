/**
 * The e-mail catalogue: every kind of message the program sends, once, with what a reader of the
 * code or of docs/email.md needs to know of it: the label coordinators read, who receives it, the
 * moment it is sent, the links it carries, how much of it an action may cause (its budget: the
 * kinds of budget are mail-budgets.ts's) and the template that writes it (templates.ts). The catalogue is a `Record` over `MAIL_KINDS`
 * (outbox.ts), so a kind cannot be added without all of these; scripts/lib/docs.test.ts checks
 * that docs/email.md has a section for each kind whose first line states its audience and links
 * as `describeMailKind` words them.
 */
import { INTERVIEW_RULES } from '../interviews';
import {
  APPLICATION_FORMS_MAIL,
  EVENT_CHANGE_MAIL,
  MAIL_WINDOW,
  REVIEW_DECISION_MAIL,
  publicDoorMail,
  scheduledMail,
  type MailBudget,
} from '../mail-budgets';
import { MAIL_KINDS, type MailKind } from '../outbox';
import { CHECK_IN_PERIOD } from '../pairs';
import type { EmailContent } from './compose';
import {
  applicationAlreadyExistsEmail,
  applicationApprovedEmail,
  applicationDeclinedEmail,
  applicationReceivedEmail,
  applicationsDigestEmail,
  applicationsOpenEmail,
  atRiskDigestEmail,
  carryForwardEmail,
  certificateEmail,
  checkInEmail,
  classmateInvitationEmail,
  coordinatorInvitationEmail,
  interviewHostEmail,
  interviewMentorEmail,
  interviewRevokedEmail,
  newApplicationEmail,
  newPairEmail,
  noSessionNudgeEmail,
  nominationRequestEmail,
  openingAlertConfirmEmail,
  pairEndedEmail,
  passwordResetEmail,
  accountChangedEmail,
  plannedSessionEmail,
  problemReportedEmail,
  programEventEmail,
  rematchRequestEmail,
  signInLinkEmail,
} from './templates';

/** A word at the start of a label (the check-in period's adjective). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Who receives a kind of message. */
export type MailAudience =
  | 'applicant'
  | 'address owner'
  | 'alert subscriber'
  | 'coordinators'
  | 'coordinator'
  | 'invited coordinator'
  | 'student'
  | 'mentor'
  | 'pair'
  | 'participant'
  | 'partner'
  | 'interview host'
  | 'nominator'
  | 'classmate'
  | 'event invitee';

/** Each audience in the words of docs/email.md's "To:" lines. */
export const MAIL_AUDIENCE_WORDS: Readonly<Record<MailAudience, string>> = {
  applicant: 'the applicant',
  'address owner': "the address's owner",
  'alert subscriber': 'the address left for the opening alert',
  coordinators: 'the coordinators (`COORDINATOR_EMAILS`)',
  coordinator: "a coordinator's own address",
  'invited coordinator': 'the invited address',
  student: 'the student',
  mentor: 'the mentor',
  pair: 'both participants of a pair',
  participant: 'one participant of a pair',
  partner: 'the partner of who acted',
  'interview host': 'the interview host',
  nominator: 'the nominator',
  classmate: "the classmate's address",
  'event invitee': "the event's invitees",
};

/**
 * What a message links to. `one-click …` links are made when the message is sent and never
 * stored (functions/src/email/links.ts); a `site page` is a plain address of the site.
 */
export type MailLink =
  | 'site page'
  | 'one-click sign-in'
  | 'one-click button page'
  | 'one-click password page'
  | 'calendar file';

export const MAIL_LINK_WORDS: Readonly<Record<MailLink, string>> = {
  'site page': 'a page of the site',
  'one-click sign-in': 'one-click sign-in',
  'one-click button page': 'one-click page with a button',
  'one-click password page': 'one-click password page',
  'calendar file': 'calendar file (`.ics`)',
};

/**
 * A template of the catalogue. Its arguments differ from kind to kind; the catalogue names the
 * function, the caller gives it its facts.
 */
export type MailTemplate = (...facts: never[]) => Omit<EmailContent, 'attachments'>;

export interface MailKindEntry {
  /** As coordinators read it (the undelivered list, a person's page, the history). */
  label: string;
  /** Who receives it (several when each side gets its own copy). */
  to: readonly MailAudience[];
  /** When it is sent, in one line (docs/email.md says the rest). */
  moment: string;
  /** What it links to; none when empty. */
  links: readonly MailLink[];
  /** The templates that write it (one per copy that reads differently). */
  text: readonly MailTemplate[];
  /** How much of it someone's action may make the program send (mail-budgets.ts). */
  budget: MailBudget;
}

const ENTRIES: Readonly<Record<MailKind, MailKindEntry>> = {
  // --- Applications and interviews
  'application-received': {
    label: 'Application received (confirmation link)',
    to: ['applicant'],
    moment: 'A public application is stored.',
    links: ['one-click sign-in', 'site page'],
    text: [applicationReceivedEmail],
    budget: APPLICATION_FORMS_MAIL,
  },
  'application-exists': {
    label: 'Application already on file',
    to: ['address owner'],
    moment: 'Someone applies again with an address that has an application of that role.',
    links: ['site page'],
    text: [applicationAlreadyExistsEmail],
    budget: APPLICATION_FORMS_MAIL,
  },
  'new-application': {
    label: 'New application (to coordinators)',
    to: ['coordinators'],
    moment: 'An applicant confirms their address, within the hour’s notes.',
    links: ['site page'],
    text: [newApplicationEmail],
    budget: {
      bound: 'follows',
      kind: 'application-received',
      why: 'one note per stored application, within the coordinator notes of the hour',
    },
  },
  'applications-digest': {
    label: 'Applications digest (to coordinators)',
    to: ['coordinators'],
    moment: 'The hour’s one-by-one notes are used up: once for the rest of the hour.',
    links: ['site page'],
    text: [applicationsDigestEmail],
    budget: {
      bound: 'per-subject',
      max: 1,
      per: 'UTC hour, once its coordinator notes are used up',
    },
  },
  approved: {
    label: 'Application approved',
    to: ['applicant'],
    moment: 'A coordinator approves an application awaiting review.',
    links: ['site page'],
    text: [applicationApprovedEmail],
    budget: REVIEW_DECISION_MAIL,
  },
  declined: {
    label: 'Application declined',
    to: ['applicant'],
    moment: 'A coordinator declines an application, with a reason.',
    links: [],
    text: [applicationDeclinedEmail],
    budget: REVIEW_DECISION_MAIL,
  },
  'sign-in-link': {
    label: 'Sign-in link (My application)',
    to: ['applicant'],
    moment: '"Check my application", for an address that applied.',
    links: ['one-click sign-in', 'site page'],
    text: [signInLinkEmail],
    budget: publicDoorMail('sign-in links'),
  },
  'nomination-request': {
    label: 'Nomination question (to the nominator)',
    to: ['nominator'],
    moment: 'A student who named a nominator confirms their address (or the nominator changes).',
    links: ['one-click button page'],
    text: [nominationRequestEmail],
    budget: publicDoorMail('nomination requests'),
  },
  'interview-invitation': {
    label: 'Screening interview invitation',
    to: ['mentor', 'interview host'],
    moment: 'A mentor books a screening interview or moves it.',
    links: ['calendar file', 'site page'],
    text: [interviewMentorEmail, interviewHostEmail],
    budget: {
      bound: 'per-subject',
      max: INTERVIEW_RULES.maxChanges,
      per: "mentor's booking: a mentor books, moves or cancels at most that many times",
    },
  },
  'interview-cancelled': {
    label: 'Screening interview cancelled',
    to: ['mentor', 'interview host'],
    moment: 'A booking ends: cancelled, moved away, the review ended, the host left, an erasure.',
    links: ['calendar file', 'site page'],
    text: [interviewMentorEmail, interviewHostEmail, interviewRevokedEmail],
    budget: {
      bound: 'per-subject',
      max: INTERVIEW_RULES.maxChanges,
      per: "mentor's booking: a mentor books, moves or cancels at most that many times",
    },
  },
  'interview-reminder': {
    label: 'Screening interview reminder',
    to: ['mentor', 'interview host'],
    moment: 'The day before a booked interview (daily job).',
    links: ['site page'],
    text: [interviewMentorEmail, interviewHostEmail],
    budget: scheduledMail('the daily work, once per booking'),
  },
  // --- Cohorts
  'carry-forward': {
    label: 'Carry-forward question',
    to: ['student', 'mentor'],
    moment: 'The day after a cohort’s matching closed (daily job).',
    links: ['one-click button page'],
    text: [carryForwardEmail],
    budget: scheduledMail('the daily work asks once per application and cohort'),
  },
  'opening-alert-confirm': {
    label: 'Applications open alert: confirm the address',
    to: ['alert subscriber'],
    moment: 'An address is left with "Tell me when applications open".',
    links: ['one-click button page'],
    text: [openingAlertConfirmEmail],
    budget: publicDoorMail('opening alerts'),
  },
  'applications-open': {
    label: 'Applications open alert',
    to: ['alert subscriber'],
    moment: 'A cohort takes applications, to each confirmed alert (daily job).',
    links: ['site page'],
    text: [applicationsOpenEmail],
    budget: scheduledMail('the daily work, once per confirmed alert, then it is deleted'),
  },
  'classmate-invitation': {
    label: 'Classmate invitation (Recommend a classmate)',
    to: ['classmate'],
    moment: 'A participant recommends a classmate (at once, or when a cohort opens).',
    links: ['site page'],
    text: [classmateInvitationEmail],
    budget: publicDoorMail('classmate invitations'),
  },
  'event-invitation': {
    label: 'Orientation or closing event invitation',
    to: ['event invitee'],
    moment: 'A coordinator sets a cohort’s event, or someone joins its audience.',
    links: ['calendar file', 'one-click button page'],
    text: [programEventEmail],
    budget: EVENT_CHANGE_MAIL,
  },
  'event-update': {
    label: 'Orientation or closing event changed',
    to: ['event invitee'],
    moment: 'A coordinator changes the event’s time, length or place.',
    links: ['calendar file', 'one-click button page'],
    text: [programEventEmail],
    budget: EVENT_CHANGE_MAIL,
  },
  'event-cancelled': {
    label: 'Orientation or closing event cancelled',
    to: ['event invitee'],
    moment: 'A coordinator removes an event ahead, or someone leaves its audience.',
    links: ['calendar file'],
    text: [programEventEmail],
    budget: EVENT_CHANGE_MAIL,
  },
  'event-reminder': {
    label: 'Closing event reminder',
    to: ['event invitee'],
    moment: 'The day before the closing event (daily job).',
    links: ['one-click button page'],
    text: [programEventEmail],
    budget: scheduledMail('the daily work, once per invitee and event'),
  },
  // --- The months after matching
  'new-pair': {
    label: 'New pair introduction',
    to: ['pair'],
    moment: 'A pair is made.',
    links: ['site page'],
    text: [newPairEmail],
    // One count per pair (its two introductions): a whole-cohort proposal applied at once is a
    // cohort's pairs from one coordinator (1,000 pairs, twice over); a mentor takes at most
    // MENTOR_CAPACITY.max students.
    budget: {
      bound: 'gate',
      what: 'new pairs',
      perSender: { max: 2500, minutes: MAIL_WINDOW.day },
      perRecipient: { max: 10, minutes: MAIL_WINDOW.day },
      programWide: { max: 5000, minutes: MAIL_WINDOW.hour },
    },
  },
  'check-in': {
    label: `${capitalised(CHECK_IN_PERIOD.words.adjective)} check-in`,
    to: ['pair'],
    moment: `Once per ${CHECK_IN_PERIOD.words.each}, from ${CHECK_IN_PERIOD.leadDays} days before it ends (daily job).`,
    links: ['one-click button page'],
    text: [checkInEmail],
    budget: scheduledMail(`the daily work, once per participant and ${CHECK_IN_PERIOD.words.each}`),
  },
  'check-in-reminder': {
    label: 'Check-in reminder',
    to: ['participant'],
    moment: 'A check-in is unanswered 3 days after it was sent (daily job).',
    links: ['one-click button page'],
    text: [checkInEmail],
    budget: scheduledMail('the daily work, once per check-in'),
  },
  'no-session-nudge': {
    label: 'No-session nudge',
    to: ['pair'],
    moment: 'Day 14 and day 28 of a pair with no session logged (daily job).',
    links: ['site page'],
    text: [noSessionNudgeEmail],
    budget: scheduledMail('the daily work, once per pair and key'),
  },
  'at-risk-digest': {
    label: 'Pairs at risk digest (to coordinators)',
    to: ['coordinators'],
    moment: 'Each Monday, when some pairs are at risk (daily job).',
    links: ['site page'],
    text: [atRiskDigestEmail],
    budget: scheduledMail('the daily work, one digest a week'),
  },
  'rematch-request': {
    label: 'Re-match request (to coordinators)',
    to: ['coordinators'],
    moment: 'A mentee first answers "Not a good fit".',
    links: ['site page'],
    text: [rematchRequestEmail],
    budget: { bound: 'per-subject', max: 1, per: 'pair (progress.rematchRequestedAt)' },
  },
  'problem-reported': {
    label: 'Problem reported (to coordinators)',
    to: ['coordinators'],
    moment: 'A participant uses "Report a problem".',
    links: ['site page'],
    text: [problemReportedEmail],
    budget: {
      bound: 'gate',
      what: 'problem reports',
      perSender: { max: 5, minutes: MAIL_WINDOW.day },
      perRecipient: { max: 100, minutes: MAIL_WINDOW.day },
      programWide: { max: 300, minutes: MAIL_WINDOW.hour },
    },
  },
  'pair-ended': {
    label: 'Pair ended',
    to: ['pair'],
    moment: 'A coordinator ends a pair with a reason.',
    links: [],
    text: [pairEndedEmail],
    // One count per pair ended (its two e-mails), one pair a request.
    budget: {
      bound: 'gate',
      what: 'ended pairs',
      perSender: { max: 500, minutes: MAIL_WINDOW.day },
      perRecipient: { max: 10, minutes: MAIL_WINDOW.day },
      programWide: { max: 2000, minutes: MAIL_WINDOW.hour },
    },
  },
  'planned-session-proposed': {
    label: 'Session proposed (to the partner)',
    to: ['partner'],
    moment: 'One side of a pair proposes a session time, or a new time.',
    links: ['site page'],
    text: [plannedSessionEmail],
    budget: {
      bound: 'gate',
      what: 'session proposals',
      perSender: { max: 10, minutes: MAIL_WINDOW.day },
      perRecipient: { max: 15, minutes: MAIL_WINDOW.day },
      programWide: { max: 2000, minutes: MAIL_WINDOW.hour },
    },
  },
  'planned-session-invitation': {
    label: 'Planned session invitation',
    to: ['pair'],
    moment: 'A proposed time is accepted, or an accepted session moves.',
    links: ['calendar file', 'site page'],
    text: [plannedSessionEmail],
    budget: {
      bound: 'follows',
      kind: 'planned-session-proposed',
      why: 'accepting answers one proposal; a proposal is accepted at most once',
    },
  },
  'planned-session-cancelled': {
    label: 'Planned session cancelled',
    to: ['pair'],
    moment: 'Either side cancels a planned session, or the pair ends with sessions ahead.',
    links: ['calendar file', 'site page'],
    text: [plannedSessionEmail],
    budget: {
      bound: 'follows',
      kind: 'planned-session-proposed',
      why: 'a planned session, made by a proposal, is cancelled at most once',
    },
  },
  'planned-session-reminder': {
    label: 'Planned session reminder',
    to: ['pair'],
    moment: 'The day before an accepted session (daily job).',
    links: ['site page'],
    text: [plannedSessionEmail],
    budget: scheduledMail('the daily work, once per accepted session'),
  },
  certificate: {
    label: 'Certificate of recognition',
    to: ['pair'],
    moment: 'A completed pair’s cohort has ended (daily job).',
    links: ['site page'],
    text: [certificateEmail],
    budget: scheduledMail("the daily work at a cohort's end, once per participant and cohort"),
  },
  // --- Coordinators
  'coordinator-invitation': {
    label: 'Coordinator invitation',
    to: ['invited coordinator'],
    moment: 'A coordinator invites someone on the Team page.',
    links: ['one-click password page'],
    text: [coordinatorInvitationEmail],
    // One per invitation sent (or sent again): a team is a handful of people.
    budget: {
      bound: 'gate',
      what: 'invitations',
      perSender: { max: 100, minutes: MAIL_WINDOW.day },
      perRecipient: { max: 5, minutes: MAIL_WINDOW.day },
      programWide: { max: 200, minutes: MAIL_WINDOW.hour },
    },
  },
  'password-reset': {
    label: 'Password reset',
    to: ['coordinator'],
    moment: '"Forgot password?", for a coordinator’s address.',
    links: ['one-click password page'],
    text: [passwordResetEmail],
    budget: publicDoorMail('password reset links'),
  },
  'account-changed': {
    label: 'Account change notice (passkeys, password)',
    to: ['coordinator'],
    moment:
      'A passkey is added to or removed from a coordinator’s account, a sign-in to it carries another address than the team’s (also to the coordinators’ mailbox), another coordinator resets its passkeys, or its password is changed (on the account page, or with a reset link).',
    links: ['site page'],
    text: [accountChangedEmail],
    // Each change needs a fresh passkey answer or another coordinator: the notice is that
    // change's one message, never refused (the change it reports has been made).
    budget: {
      bound: 'per-subject',
      max: 1,
      per: 'change to the account (each needs a fresh passkey answer, or another coordinator)',
    },
  },
};

/** The catalogue: one entry per kind, in the order of `MAIL_KINDS`, each naming its kind. */
export const MAIL_CATALOGUE: Readonly<Record<MailKind, MailKindEntry & { kind: MailKind }>> =
  Object.fromEntries(MAIL_KINDS.map((kind) => [kind, { kind, ...ENTRIES[kind] }])) as Record<
    MailKind,
    MailKindEntry & { kind: MailKind }
  >;

/** Each kind's budget, as the mail gate and docs/email.md's budget table read them. */
export const MAIL_BUDGETS: Readonly<Record<MailKind, MailBudget>> = Object.fromEntries(
  MAIL_KINDS.map((kind) => [kind, ENTRIES[kind].budget]),
) as Record<MailKind, MailBudget>;

/** The kinds that pass the mail gate. */
export const GATED_MAIL_KINDS = MAIL_KINDS.filter((k) => ENTRIES[k].budget.bound === 'gate');

/** The kinds as coordinators read them (the undelivered list, a person's page, the history). */
export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = Object.fromEntries(
  MAIL_KINDS.map((kind) => [kind, ENTRIES[kind].label]),
) as Record<MailKind, string>;

const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_KIND_LABELS, kind);

/** A stored message's kind as coordinators read it (an unknown kind, e.g. an older one, as is). */
export const mailKindLabel = (kind: string): string =>
  isMailKind(kind) ? MAIL_KIND_LABELS[kind] : kind;

/**
 * The first line of a kind's section in docs/email.md:
 * "**To:** the applicant. **Links:** one-click sign-in; a page of the site."
 */
export function describeMailKind(kind: MailKind): string {
  const entry = ENTRIES[kind];
  const to = entry.to.map((a) => MAIL_AUDIENCE_WORDS[a]).join('; ');
  const links = entry.links.length ? entry.links.map((l) => MAIL_LINK_WORDS[l]).join('; ') : 'none';
  return `**To:** ${to}. **Links:** ${links}.`;
}
