/**
 * Every text the program e-mails, in the program's voice, grouped as docs/email.md groups the
 * kinds: applications and interviews, cohorts and events, the months after matching,
 * coordinators. Each template is pure: it is given every fact it states (names, dates already
 * written in the reader's zone, the site's address, a link or its placeholder) and returns the
 * subject, a plain-text part and an HTML part (compose.ts). Which kind each template writes, to
 * whom, when and with what link is the catalogue's (catalogue.ts); the calendar files and the
 * queueing are the function's.
 */
import type { PersonKind } from '../people';
import { RETENTION } from '../my-application';
import { theCohort } from '../cohort-records';
import { INTERVIEW_PLACE_LABELS, INTERVIEW_RULES, type InterviewPlace } from '../interviews';
import { NOMINATION_LINK_DAYS } from '../nominations';
import { looksLikeLink, type ProgramEventKind } from '../program-events';
import { PROGRAM } from '../program';
import { CHECK_IN_PERIOD } from '../pairs';
import { EMAIL_SIGN_OFF, composeEmail, composeWithActions, type EmailContent } from './compose';

export interface ApplicantFacts {
  role: PersonKind;
  fullName: string;
  /** Where the site is served, for links (e.g. https://bridgementorship.org). */
  siteUrl: string;
}

export function applicationReceivedEmail({
  role,
  fullName,
  siteUrl,
  confirmLink,
}: ApplicantFacts & {
  /** The e-mail link that confirms the address (and signs in to My application). */
  confirmLink?: string;
}) {
  const next =
    role === 'mentor'
      ? [
          'Review: a coordinator reads your application within 3-5 business days.',
          'Screening: we invite you to a 15-20 minute screening interview.',
          'Orientation: a short session on the program, its Code of Conduct and what a good first meeting looks like.',
          'Matching: we pair you with a student whose goals fit your experience.',
        ]
      : [
          'Review: a coordinator reads your application within 3-5 business days.',
          'Matching: once approved, we pair you with a mentor whose experience fits your goals.',
          'Introduction: we introduce you to your mentor by e-mail, with first steps for your first meeting.',
        ];
  const confirm = confirmLink
    ? [
        `One step is left: confirm that this address is yours by opening this link. Your application reaches our coordinators only then. The link works once and expires; an unconfirmed application is deleted after ${RETENTION.unconfirmedDays} days.`,
        confirmLink,
        `The link also opens My application, where you can follow your application, correct it, withdraw it, download your data or have it deleted. If you did not apply, ignore this e-mail.`,
      ]
    : [];
  return composeEmail(`We received your application to ${PROGRAM.name}`, [
    `Hello ${fullName},`,
    confirmLink
      ? `Thank you for applying to ${PROGRAM.name} as a ${role}. Your application has arrived.`
      : `Thank you for applying to ${PROGRAM.name} as a ${role}. Your application has arrived, and nothing more is needed from you right now. Here is what happens next:`,
    ...confirm,
    ...(confirmLink ? ['Here is what happens next:'] : []),
    next,
    `Questions in the meantime? Reply to this e-mail or write to ${PROGRAM.mail.contact}. Frequently asked questions: ${siteUrl}${PROGRAM.paths.faq}`,
    EMAIL_SIGN_OFF,
  ]);
}

export function newApplicationEmail(facts: {
  role: PersonKind;
  fullName: string;
  recordId: string;
  siteUrl: string;
}) {
  return composeEmail(`New ${facts.role} application: ${facts.fullName}`, [
    `A new ${facts.role} application is awaiting review: ${facts.fullName}.`,
    `Review it in the admin area: ${facts.siteUrl}/admin/dashboard (record ${facts.recordId}).`,
    `The timeline the applicant was given: a review within 3-5 business days.`,
  ]);
}

export function applicationApprovedEmail({ role, fullName, siteUrl }: ApplicantFacts) {
  return composeEmail(`Your application to ${PROGRAM.name} is approved`, [
    `Hello ${fullName},`,
    role === 'mentor'
      ? `Thank you for your time at the screening interview: your application to mentor is approved. We will now look for a student whose goals fit your experience, and introduce you by e-mail.`
      : `Your application is approved. We will now look for a mentor whose experience fits your goals, and introduce you by e-mail.`,
    `Please read our Code of Conduct before your first meeting: ${siteUrl}${PROGRAM.paths.conduct}`,
    EMAIL_SIGN_OFF,
  ]);
}

export function applicationDeclinedEmail(
  facts: ApplicantFacts & {
    /** The coordinator's reason, sent as written. */
    reason: string;
  },
) {
  return composeEmail(`About your application to ${PROGRAM.name}`, [
    `Hello ${facts.fullName},`,
    `Thank you for applying to ${PROGRAM.name}. After reviewing your application, we are not able to offer you a place in this cohort.`,
    `The coordinator's note: ${facts.reason}`,
    `You are welcome to apply again for a later cohort. Questions? Write to ${PROGRAM.mail.contact}.`,
    EMAIL_SIGN_OFF,
  ]);
}

export interface PairPerson {
  fullName: string;
  email: string;
  /** One line about them: "Staff Engineer at Example Corp" or "BSc Computer Science, State University". */
  about: string;
}

/** A new pair: the same introduction to each side, naming the other and how to reach them. */
export function newPairEmail(
  to: PersonKind,
  pair: {
    student: PairPerson;
    mentor: PairPerson;
    siteUrl: string;
    /** The first month's session guide, as coordinators have it. */
    guide?: { month: number; lines: string[] } | null;
  },
) {
  const me = to === 'student' ? pair.student : pair.mentor;
  const other = to === 'student' ? pair.mentor : pair.student;
  return composeEmail(`Meet your ${to === 'student' ? 'mentor' : 'student'}: ${other.fullName}`, [
    `Hello ${me.fullName},`,
    to === 'student'
      ? `We are happy to introduce your mentor for the next four months: ${other.fullName}${other.about ? `, ${other.about}` : ''}.`
      : `We are happy to introduce your student for the next four months: ${other.fullName}${other.about ? `, ${other.about}` : ''}.`,
    `You can reach ${other.fullName} at ${other.email}.`,
    'First steps:',
    [
      to === 'student'
        ? 'Write to your mentor within a week to introduce yourself and suggest times for a first meeting.'
        : 'Expect a note from your student within a week; if none arrives, feel free to write first.',
      'In the first meeting, agree on goals for the four months and how often you will meet (1-2 hours per month).',
      'Reply to messages within 48 hours, and give 24 hours notice if you need to cancel.',
    ],
    ...(pair.guide ? [`Your session guide for month ${pair.guide.month}:`, pair.guide.lines] : []),
    `Our Code of Conduct applies to every meeting and message: ${pair.siteUrl}${PROGRAM.paths.conduct}. Concerns about conduct: ${PROGRAM.mail.conduct}; about safety: ${PROGRAM.mail.safety}.`,
    EMAIL_SIGN_OFF,
  ]);
}

/**
 * Someone applied again with an address that already has an application of this role. The API
 * answers that request exactly as a new one (no enumeration); the address's owner learns it
 * here. No name: the request's name is whatever the sender typed.
 */
export function applicationAlreadyExistsEmail({ role, siteUrl }: Omit<ApplicantFacts, 'fullName'>) {
  return composeEmail(`Your application to ${PROGRAM.name}`, [
    'Hello,',
    `Someone just submitted a ${role} application to ${PROGRAM.name} with this e-mail address. An application for this address already exists, so nothing was changed and the new one was not stored.`,
    `If that was you: there is nothing more to do; a coordinator will be in touch. If it was not you, you can ignore this message, or write to ${PROGRAM.mail.contact}. Frequently asked questions: ${siteUrl}${PROGRAM.paths.faq}`,
    EMAIL_SIGN_OFF,
  ]);
}

/** An invitation to join the coordinators: a link to choose a password, valid for `days`. */
export function coordinatorInvitationEmail(facts: {
  invitedBy: string;
  link: string;
  days: number;
}) {
  return composeEmail(`You are invited to coordinate ${PROGRAM.name}`, [
    'Hello,',
    `${facts.invitedBy} invited you to join the coordinators of ${PROGRAM.name}: you will review applications, match students with mentors and follow the pairs in the admin area.`,
    `Choose your password and sign in here (the link works for ${facts.days} days and only once):\n${facts.link}`,
    'Not expecting this? Ignore this e-mail: nothing happens until the link is used.',
    EMAIL_SIGN_OFF,
  ]);
}

/**
 * Sent once in an hour when applications arrive faster than coordinators are told of them one
 * by one: from then on that hour, applications are on the dashboard only.
 */
export function applicationsDigestEmail(facts: { notesPerHour: number; siteUrl: string }) {
  return composeEmail(`Many applications this hour`, [
    `More than ${facts.notesPerHour} applications arrived within the current hour. To keep your inbox usable (and to cap what the public form can make the program send), the rest of this hour's applications are not announced one by one.`,
    `See them all in the admin area: ${facts.siteUrl}/admin/dashboard (filter: awaiting review).`,
    EMAIL_SIGN_OFF,
  ]);
}

/** A coordinator asked to reset a forgotten password. */
export function passwordResetEmail(facts: { link: string }) {
  return composeEmail(`Choose a new password for ${PROGRAM.name}`, [
    'Hello,',
    `Someone (we hope you) asked to reset the password of your coordinator account at ${PROGRAM.name}. Choose a new password here (the link works for one hour and only once):\n${facts.link}`,
    'Did not ask? Ignore this e-mail: your password stays as it is.',
    EMAIL_SIGN_OFF,
  ]);
}

/** What changed on a coordinator's account, in the notice's words. */
export type AccountChange =
  | 'address-changed'
  | 'passkey-added'
  | 'passkey-removed'
  | 'passkeys-reset'
  | 'password-changed'
  | 'password-reset';

const ACCOUNT_CHANGE_TEXT: Record<AccountChange, { subject: string; line: string }> = {
  'address-changed': {
    subject: 'Your coordinator account signed in under another e-mail address',
    line: "A sign-in to your coordinator account carried another e-mail address than the one the team knows: the account's address may have been changed by someone holding its password. The admin area stays closed to that sign-in until another coordinator checks the account.",
  },
  'passkey-added': {
    subject: 'A passkey was added to your coordinator account',
    line: 'A new passkey was added to your coordinator account, from a session confirmed with one of your passkeys.',
  },
  'passkey-removed': {
    subject: 'A passkey was removed from your coordinator account',
    line: 'A passkey was removed from your coordinator account, from a session confirmed with one of your passkeys; the sessions it had confirmed were signed out.',
  },
  'passkeys-reset': {
    subject: 'Your coordinator passkeys were reset',
    line: 'Your passkeys were removed by another coordinator and every session of your account was signed out. Your next sign-in creates a new passkey with the enrolment code they give you.',
  },
  'password-reset': {
    subject: 'Your coordinator password was reset',
    line: 'The password of your coordinator account was reset with the link e-mailed to this address, and every session of your account was signed out.',
  },
  'password-changed': {
    subject: 'Your coordinator password was changed',
    line: 'The password of your coordinator account was changed, from a session confirmed with one of your passkeys, and every session of your account was signed out.',
  },
};

/**
 * A coordinator's own notice of a change to their passkeys or password, so that a change they
 * did not make does not go unseen. It carries no link to act on: only the address of the
 * account page, to be typed or opened from a bookmark.
 */
export function accountChangedEmail(facts: {
  change: AccountChange;
  by: string;
  at: string;
  siteUrl: string;
}) {
  const text = ACCOUNT_CHANGE_TEXT[facts.change];
  return composeEmail(text.subject, [
    'Hello,',
    `${text.line} By: ${facts.by}. When: ${facts.at}.`,
    `Was it not you? Tell another coordinator at once: they can reset your passkeys and password from the Team page. Your passkeys and the account's history are on ${facts.siteUrl}/admin/account.`,
    EMAIL_SIGN_OFF,
  ]);
}

/** A new sign-in link to My application ("Check my application"). */
export function signInLinkEmail({ link, siteUrl }: { link: string; siteUrl: string }) {
  return composeEmail(`Your sign-in link for ${PROGRAM.name}`, [
    'Hello,',
    `Here is your link to My application, where you can see where your application stands, correct it, withdraw it, download your data or have it deleted. The link works once and expires.`,
    link,
    `If you did not ask for it, ignore this e-mail: nothing changes. Frequently asked questions: ${siteUrl}${PROGRAM.paths.faq}`,
    EMAIL_SIGN_OFF,
  ]);
}

/**
 * Carried forward: a cohort's matching closed and the person was left unmatched, or
 * mentored in it; one click (a page with a button: a mail scanner's GET spends nothing) keeps
 * their application for the next cohort.
 */
export function carryForwardEmail(facts: {
  fullName: string;
  reason: 'unmatched' | 'mentored';
  role: PersonKind;
  fromCohort: string;
  toCohort: string;
  link: string;
}) {
  const why =
    facts.reason === 'mentored'
      ? `Thank you for mentoring in ${theCohort(facts.fromCohort)}. Would you mentor again in ${theCohort(facts.toCohort)}?`
      : facts.role === 'student'
        ? `Matching for ${theCohort(facts.fromCohort)} has closed and we could not find you a mentor this time. We are sorry. We can keep your application for ${theCohort(facts.toCohort)}, where students carried forward are matched first.`
        : `Matching for ${theCohort(facts.fromCohort)} has closed without a student for you this time. We can keep your application for ${theCohort(facts.toCohort)}.`;
  return composeEmail(`Keep your application for ${facts.toCohort}?`, [
    `Hello ${facts.fullName},`,
    why,
    `To say yes, open this link and press the button on the page (opening the link alone changes nothing): ${facts.link}`,
    'If you would rather not, ignore this e-mail: nothing changes.',
    EMAIL_SIGN_OFF,
  ]);
}

/** "Tell me when applications open": the address is asked to confirm before anything is kept as wanted. */
export function openingAlertConfirmEmail(facts: { link: string }) {
  return composeEmail('Please confirm: tell me when applications open', [
    'Hello,',
    `Someone, we hope you, asked ${PROGRAM.name} to e-mail this address once when applications open.`,
    `To confirm, open this link and press the button on the page (opening the link alone changes nothing): ${facts.link}`,
    `If it was not you, ignore this e-mail: we will not write again, and the address is deleted after ${RETENTION.openingAlertMonths} months at the latest.`,
    EMAIL_SIGN_OFF,
  ]);
}

/** "Tell me when applications open": sent once, when a cohort takes applications. */
export function applicationsOpenEmail(facts: { cohort: string; closes: string; siteUrl: string }) {
  return composeEmail(`Applications are open: ${facts.cohort}`, [
    'Hello,',
    `You asked us to tell you when applications open. The ${facts.cohort} cohort of ${PROGRAM.name} takes applications until ${facts.closes}.`,
    `Students apply at ${facts.siteUrl}/register-student and mentors at ${facts.siteUrl}/register-mentor.`,
    'This is the only e-mail we send about it: we have deleted your address from our list.',
    EMAIL_SIGN_OFF,
  ]);
}

// ---------------------------------------------------------------------------------------------
// The months after matching (pairs.ts, pair-plan.ts): check-ins, nudges, the coordinators'
// digest and re-match requests, the end of a pair.

export function checkInEmail(facts: {
  fullName: string;
  partnerName: string;
  /** The check-in period's number (CHECK_IN_PERIOD, whose words the e-mail uses). */
  month: number;
  actions: { label: string; href: string }[];
  reminder?: boolean;
  /**
   * A session the pair planned in the month the period falls in that nobody logged: the
   * check-in asks whether it happened, and "We met" logs it on its day.
   */
  planned?: { when: string } | null;
  /** The next month's session guide, sent with a month's last check-in. */
  guide?: { month: number; lines: string[] } | null;
}) {
  const { words } = CHECK_IN_PERIOD;
  const question = facts.planned
    ? `You planned a session with ${facts.partnerName} for ${facts.planned.when}. Did it happen? "We met" logs it on that day with one click; the page that opens lets you change the date, say how it is going and add anything for the coordinators (your partner never sees it).`
    : `Have you and ${facts.partnerName} met ${words.current}? One click answers; the page that opens lets you add the date, how it is going and anything for the coordinators (your partner never sees it).`;
  const guide = facts.guide
    ? [`Your session guide for month ${facts.guide.month}:`, facts.guide.lines]
    : [];
  return composeWithActions(
    `${facts.reminder ? 'Reminder: ' : ''}${words.titled(facts.month)} check-in: ${
      facts.planned
        ? `did your session with ${facts.partnerName} happen?`
        : `have you met ${facts.partnerName}?`
    }`,
    [
      `Hello ${facts.fullName},`,
      `${facts.reminder ? 'A short reminder: we have not heard from you yet. ' : ''}This is your check-in for ${words.named(facts.month)} of ${PROGRAM.name}. ${question}`,
    ],
    facts.actions,
    [...guide, 'The links are yours alone: please do not forward this e-mail.', EMAIL_SIGN_OFF],
  );
}

/** The moments of a planned session (planned-sessions.ts), as each side reads them. */
export type PlannedMoment = 'proposed' | 'accepted' | 'cancelled' | 'reminder';

/**
 * A planned session's message to one side of the pair. `when` is the start in the reader's own
 * zone; `byPartner`: the partner acted (else the reader did); `shortNotice`: cancelled less than
 * 24 hours before the start.
 */
export function plannedSessionEmail(facts: {
  moment: PlannedMoment;
  fullName: string;
  partnerName: string;
  when: string;
  byPartner: boolean;
  shortNotice?: boolean;
  /** A new time for a session already in the calendar. */
  moved?: boolean;
  /** An accepted session that is cancelled (its calendar file removes it). */
  hadInvitation?: boolean;
  /** Cancelled because a coordinator ended the pair (neither side cancelled it). */
  pairEnded?: boolean;
  siteUrl: string;
}) {
  const page = `${facts.siteUrl}/my-application`;
  const p = facts.partnerName;
  switch (facts.moment) {
    case 'proposed':
      return composeEmail(`${p} proposes a session: ${facts.when}`, [
        `Hello ${facts.fullName},`,
        `${p} proposes ${facts.moved ? 'a new time for your session' : 'a 1-hour session'}: ${facts.when} (your time).`,
        `Accept it or suggest another time on My application: ${page}`,
        EMAIL_SIGN_OFF,
      ]);
    case 'accepted':
      return composeEmail(`Session planned with ${p}: ${facts.when}`, [
        `Hello ${facts.fullName},`,
        `${facts.byPartner ? `${p} accepted` : 'You accepted'} ${facts.moved ? 'the new time of ' : ''}your session: ${facts.when} (your time).`,
        `The attached invitation ${facts.moved ? 'updates' : 'adds it to'} your calendar. We will remind you the day before.`,
        `Need to change it? Suggest another time or cancel on My application: ${page}. The Code of Conduct asks for 24 hours' notice.`,
        EMAIL_SIGN_OFF,
      ]);
    case 'cancelled': {
      const short = facts.shortNotice ? ' at short notice, less than 24 hours before it' : '';
      const what = facts.pairEnded
        ? `Your mentoring pair with ${p} has ended, so your session of ${facts.when} is cancelled.`
        : facts.byPartner
          ? `${p} cancelled your session of ${facts.when}${short}.`
          : `You cancelled your session of ${facts.when}${short}.`;
      return composeEmail(
        `Session cancelled${facts.shortNotice ? ' at short notice' : ''}: ${facts.when}`,
        [
          `Hello ${facts.fullName},`,
          what,
          ...(facts.hadInvitation ? ['The attached file removes it from your calendar.'] : []),
          ...(facts.pairEnded ? [] : [`Plan another time on My application: ${page}`]),
          EMAIL_SIGN_OFF,
        ],
      );
    }
    case 'reminder':
      return composeEmail(`Reminder: your session with ${p}, ${facts.when}`, [
        `Hello ${facts.fullName},`,
        `A reminder of your 1-hour session with ${p}: ${facts.when} (your time).`,
        `Can no longer make it? Cancel or suggest another time on My application, now rather than later: ${page}`,
        EMAIL_SIGN_OFF,
      ]);
  }
}

export function noSessionNudgeEmail(facts: {
  fullName: string;
  partnerName: string;
  day: number;
  siteUrl: string;
}) {
  return composeEmail(`Time to meet ${facts.partnerName}`, [
    `Hello ${facts.fullName},`,
    `It has been ${facts.day} days since you were matched with ${facts.partnerName}, and no session is logged yet. Write to each other today and set a time for your first 1-hour session.`,
    `Already met? Log the session on My application: ${facts.siteUrl}/my-application`,
    EMAIL_SIGN_OFF,
  ]);
}

export function atRiskDigestEmail(facts: {
  pairs: { names: string; reasons: string[] }[];
  siteUrl: string;
}) {
  return composeEmail(`Pairs at risk this week: ${facts.pairs.length}`, [
    `${facts.pairs.length} pair${facts.pairs.length === 1 ? ' is' : 's are'} at risk:`,
    facts.pairs.map((p) => `${p.names}: ${p.reasons.join('; ')}`),
    `See every pair's health on the Pairs page: ${facts.siteUrl}/admin/pairs`,
  ]);
}

export function rematchRequestEmail(facts: {
  studentName: string;
  mentorName: string;
  pairId: string;
  siteUrl: string;
}) {
  return composeEmail(`Re-match request: ${facts.studentName}`, [
    `${facts.studentName} answered "Not a good fit" about their pairing with ${facts.mentorName}. They may need a new mentor.`,
    `Review the pair (${facts.pairId}) on the Pairs page and end it with a reason to send the student back to matching first: ${facts.siteUrl}/admin/pairs`,
  ]);
}

export function problemReportedEmail(facts: {
  reporterName: string;
  pairNames: string;
  pairId: string;
  siteUrl: string;
}) {
  return composeEmail(`A problem was reported: ${facts.pairNames}`, [
    `${facts.reporterName} used "Report a problem" about the pair ${facts.pairNames}. What they wrote is on the Pairs page, for coordinators only.`,
    `Pair ${facts.pairId}: ${facts.siteUrl}/admin/pairs`,
  ]);
}

export function pairEndedEmail(facts: {
  fullName: string;
  partnerName: string;
  role: PersonKind;
  reasonLabel: string;
}) {
  return composeEmail(`Your mentorship with ${facts.partnerName} has ended`, [
    `Hello ${facts.fullName},`,
    `Your pairing with ${facts.partnerName} has ended. Reason: ${facts.reasonLabel}.`,
    facts.role === 'student'
      ? 'You are back at the front of the queue for matching: a coordinator will introduce you to a new mentor by e-mail.'
      : 'Your place is free again. Thank you for your time; a coordinator may introduce you to a new student.',
    `Questions? Write to ${PROGRAM.mail.contact}.`,
    EMAIL_SIGN_OFF,
  ]);
}

/**
 * The cohort ended and the pair met the completion criterion: a certificate of recognition and
 * the final survey, both in My application (signed in by e-mail link), and the public link that
 * verifies the certificate.
 */
export function certificateEmail(facts: {
  fullName: string;
  role: PersonKind;
  cohortName: string;
  sessionsHeld: number;
  certificateId: string;
  siteUrl: string;
}) {
  const roleWord = facts.role === 'mentor' ? 'mentor' : 'mentee';
  return composeEmail(`Your certificate from ${PROGRAM.name}`, [
    `Hello ${facts.fullName},`,
    `${facts.cohortName} has ended, and you completed it as a ${roleWord} with ${facts.sessionsHeld} sessions held. Thank you: your certificate of recognition is ready.`,
    `Download it (PDF) and answer our short final survey (three questions, two minutes) in My application: ${facts.siteUrl}/my-application`,
    `Anyone can check your certificate by its id, ${facts.certificateId}, at ${facts.siteUrl}/certificates/${facts.certificateId}`,
    EMAIL_SIGN_OFF,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Asked of others on a student's behalf: the nominator, a classmate.

/**
 * The nominator's e-mail: who named them, and the link (a placeholder at rest: links.ts) to the
 * page where one click answers. Values from a person are escaped in the HTML part. The subject
 * is the program's own words only: it goes, in the program's name, to an address the student
 * typed, and a subject is what an inbox shows before anyone opens the message.
 */
export function nominationRequestEmail(facts: {
  studentName: string;
  nominatorName: string | null;
  link: string;
}): EmailContent {
  const subject = `Did you nominate a student for the ${PROGRAM.name}?`;
  return composeEmail(subject, [
    facts.nominatorName ? `Hello ${facts.nominatorName},` : 'Hello,',
    `${facts.studentName} has applied to the ${PROGRAM.name} as a student and named you as the person who nominated them.`,
    `Could you tell us whether you did? Open this link and press Confirm or Decline on the page; you may add a line for the coordinators (opening the link alone changes nothing): ${facts.link}`,
    `The link works for ${NOMINATION_LINK_DAYS} days. If you would rather not answer, ignore this e-mail: we will not write to you about it again.`,
    EMAIL_SIGN_OFF,
  ]);
}

/** The classmate's e-mail: who invites them, the cohort's dates, where to apply. */
export function classmateInvitationEmail(facts: {
  senderName: string;
  cohortName: string;
  applicationsOpen: string;
  applicationsClose: string;
  programStart: string;
  programEnd: string;
  applyUrl: string;
}): EmailContent {
  const subject = `${facts.senderName} invites you to apply to the ${PROGRAM.name}`;
  return composeEmail(subject, [
    'Hello,',
    `${facts.senderName}, a participant in the ${PROGRAM.name}, thought you would like to apply. The program is free: university students are paired with an experienced professional for four months.`,
    `The ${facts.cohortName} cohort takes applications from ${facts.applicationsOpen} to ${facts.applicationsClose}; the program runs from ${facts.programStart} to ${facts.programEnd}.`,
    `To apply, visit ${facts.applyUrl}`,
    'This is the only e-mail you will get about it: we do not keep your address.',
    EMAIL_SIGN_OFF,
  ]);
}

// ---------------------------------------------------------------------------------------------
// A cohort's events (program-events.ts): the orientations and the closing event.

/** `withdrawn`: the event goes on, but this person left its audience (a pair ended, say). */
export type EventMoment = 'invitation' | 'update' | 'cancelled' | 'withdrawn' | 'reminder';

const EVENT_TITLES: Record<ProgramEventKind, string> = {
  closing: 'the closing event',
  'mentor-orientation': 'the orientation for mentors',
  'student-orientation': 'the orientation for students',
};

export interface EventEmailFacts {
  kind: ProgramEventKind;
  moment: EventMoment;
  fullName: string;
  cohortName: string;
  /** whenText of the event (in the coordinator's zone). */
  when: string;
  where: string;
  /** The reply link's placeholder (closing event, not for a cancellation). */
  replyLink?: string;
}

export function programEventEmail(f: EventEmailFacts): Omit<EmailContent, 'attachments'> {
  const what = EVENT_TITLES[f.kind];
  const how = looksLikeLink(f.where) ? `Join here: ${f.where}` : `Place: ${f.where}`;
  const subjects: Record<EventMoment, string> = {
    invitation: `You're invited: ${what} of ${f.cohortName}`,
    update: `Changed: ${what} of ${f.cohortName}`,
    cancelled: `Cancelled: ${what} of ${f.cohortName}`,
    withdrawn: `No longer in your calendar: ${what} of ${f.cohortName}`,
    reminder: `Tomorrow: ${what} of ${f.cohortName}`,
  };
  const opening: Record<EventMoment, string[]> = {
    invitation: [
      `You're invited to ${what} of ${f.cohortName}: ${f.when}.`,
      how,
      'The attached invitation adds it to your calendar.',
    ],
    update: [
      `${capitalise(what)} of ${f.cohortName} has changed. It is now ${f.when}.`,
      how,
      'The attached invitation updates your calendar.',
    ],
    cancelled: [
      `${capitalise(what)} of ${f.cohortName} (${f.when}) is cancelled. The attached file removes it from your calendar.`,
    ],
    withdrawn: [
      `Your place in the program has changed, so ${what} of ${f.cohortName} (${f.when}) is no longer in your calendar. The attached file removes it.`,
    ],
    reminder: [`A reminder: ${what} of ${f.cohortName} is tomorrow, ${f.when}.`, how],
  };
  const reply =
    f.replyLink && f.moment !== 'cancelled' && f.moment !== 'withdrawn'
      ? [`Please tell us whether you're coming: ${f.replyLink}`]
      : [];
  return composeEmail(subjects[f.moment], [
    `Hello ${f.fullName},`,
    ...opening[f.moment],
    ...reply,
    EMAIL_SIGN_OFF,
  ]);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------
// A mentor's screening interview (interviews.ts): the mentor's copy and the host's, for each
// moment of a booking. The calendar file each carries is the function's (its calendar lifecycle).

export type InterviewMoment = 'booked' | 'moved' | 'cancelled' | 'reminder';

/**
 * Who ended a booking, which decides what each side reads: the mentor themselves, a coordinator
 * on the Interviews page, the review (a decision, a change of status or a withdrawal ended the
 * application's wait), or the host's leaving the team.
 */
export type InterviewCancelCause = 'mentor' | 'coordinator' | 'review' | 'host-left';

/** A booking as its e-mails state it. */
export interface InterviewEmailFacts {
  mentor: { id: string; fullName: string };
  place: InterviewPlace;
  where: string;
  /** The interview's time in words (the function's `whenText`). */
  when: string;
  siteUrl: string;
}

const INTERVIEW_SUBJECTS: Record<InterviewMoment, string> = {
  booked: 'Your screening interview is booked',
  moved: 'Your screening interview has moved',
  cancelled: 'Your screening interview is cancelled',
  reminder: 'Reminder: your screening interview is tomorrow',
};

const mentorCancelLines = (when: string, cause: InterviewCancelCause): string[] => {
  const rebook =
    'You can book another time from My application while your application awaits review.';
  const file = 'The attached file removes it from your calendar.';
  switch (cause) {
    case 'mentor':
      return [`Your screening interview of ${when} is cancelled. ${file}`, rebook];
    case 'coordinator':
      return [`We had to cancel your screening interview of ${when}. ${file}`, rebook];
    case 'host-left':
      return [
        `Your screening interview of ${when} is cancelled: the coordinator who was to interview you has left the team. ${file}`,
        rebook,
      ];
    case 'review':
      return [
        `Your screening interview of ${when} is cancelled: your application no longer awaits review. ${file}`,
      ];
  }
};

/** The mentor's copy of an interview's moment. */
export function interviewMentorEmail(
  moment: InterviewMoment,
  inv: InterviewEmailFacts,
  cause: InterviewCancelCause,
): Omit<EmailContent, 'attachments'> {
  const when = inv.when;
  const how = `${INTERVIEW_PLACE_LABELS[inv.place]}: ${inv.where}`;
  const change = `You can move or cancel it from My application (${inv.siteUrl}/my-application) until ${INTERVIEW_RULES.changeCutoffHours} hours before it starts.`;
  const lines: Record<InterviewMoment, string[]> = {
    booked: [
      `Your ${INTERVIEW_RULES.minMinutes}-${INTERVIEW_RULES.maxMinutes} minute screening interview is booked for ${when}.`,
      how,
      'The attached invitation adds it to your calendar.',
      change,
    ],
    moved: [
      `Your screening interview has moved to ${when}.`,
      how,
      'The attached invitation updates your calendar.',
      change,
    ],
    cancelled: mentorCancelLines(when, cause),
    reminder: [`Your screening interview is tomorrow: ${when}.`, how],
  };
  return composeEmail(INTERVIEW_SUBJECTS[moment], [
    `Hello ${inv.mentor.fullName},`,
    ...lines[moment],
    EMAIL_SIGN_OFF,
  ]);
}

const HOST_CANCELLED: Record<InterviewCancelCause, (name: string, when: string) => string> = {
  mentor: (name, when) => `${name} cancelled their screening interview of ${when}.`,
  coordinator: (name, when) =>
    `The screening interview with ${name} of ${when} was cancelled from the Interviews page; they were told they can book another time.`,
  review: (name, when) =>
    `The screening interview with ${name} of ${when} is cancelled: their application no longer awaits review.`,
  // The departed host is never written to; the entry keeps the table whole.
  'host-left': (name, when) => `The screening interview with ${name} of ${when} is cancelled.`,
};

/** The host's copy (the coordinator who published the slot): it names the mentor. */
export function interviewHostEmail(
  moment: InterviewMoment,
  inv: InterviewEmailFacts,
  cause: InterviewCancelCause,
): Omit<EmailContent, 'attachments'> {
  const when = inv.when;
  const page = `${inv.siteUrl}/admin/mentors/${inv.mentor.id}`;
  const subject: Record<InterviewMoment, string> = {
    booked: `Screening interview booked: ${inv.mentor.fullName}`,
    moved: `Screening interview moved: ${inv.mentor.fullName}`,
    cancelled: `Screening interview cancelled: ${inv.mentor.fullName}`,
    reminder: `Tomorrow: screening interview with ${inv.mentor.fullName}`,
  };
  const what: Record<InterviewMoment, string> = {
    booked: `${inv.mentor.fullName} booked your screening interview slot of ${when}.`,
    moved: `${inv.mentor.fullName} moved their screening interview to ${when}.`,
    cancelled: HOST_CANCELLED[cause](inv.mentor.fullName, when),
    reminder: `Your screening interview with ${inv.mentor.fullName} is tomorrow: ${when}.`,
  };
  return composeEmail(subject[moment], [
    what[moment],
    `${INTERVIEW_PLACE_LABELS[inv.place]}: ${inv.where}`,
    `Record the outcome on their page: ${page}`,
  ]);
}

/**
 * The host's cancellation of an interview whose mentor deleted their application: it names
 * nobody, since what the program keeps after an erasure must not name the person.
 */
export function interviewRevokedEmail(facts: {
  when: string;
  siteUrl: string;
}): Omit<EmailContent, 'attachments'> {
  return composeEmail('Screening interview cancelled', [
    `Your screening interview of ${facts.when} is cancelled: the mentor who booked it has deleted their application. The attached file removes it from your calendar.`,
    `Your slot is free again on the Interviews page: ${facts.siteUrl}/admin/interviews`,
  ]);
}
