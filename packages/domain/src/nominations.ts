/**
 * Nominations confirmed by the nominator: a nomination counts only once the nominator confirms it
 * with their own click, and one left unanswered is not a refusal (nobody is held back for a
 * nominator's silence).
 *
 * When a student who named a nominator's e-mail (`professorEmail`, the spec's field) confirms
 * their own address, the nominator is asked once, by e-mail, whether they nominated the student.
 * The e-mail's link opens a page with two buttons (Confirm, Decline) and an optional line for the
 * coordinators; the link follows the one-click-link design of links.ts (made at the send, the
 * token in the URL fragment, only its SHA-256 stored; the page POSTs it on the click, so a mail
 * scanner opening the link changes nothing).
 *
 * Stored: one document per student, `nominations/{studentId}`, asked once per nominator: a
 * second confirmation or a resubmission never asks again, but a change of the nominator's
 * address or name (by the student or a coordinator) withdraws the nomination, answer included,
 * and asks the new nominator (otherwise a student could confirm from a second mailbox of their
 * own and then put the real professor's address in its place). Each ask is an e-mail in the
 * program's name to an address the student typed, so the asks of one student are bounded in all
 * (`NOMINATION_ASKS_PER_STUDENT`, the withdrawn document keeps the count), and its subject holds
 * nothing the student typed. The answer records the address
 * it came from (`answeredBy`: the one its link was sent to), which coordinators see. It holds the
 * nominator's address as the student gave it (the student's data: audience `person`, erased with
 * the student, kept no longer than the student's record).
 */
import { object, string } from 'yup';
import { formatDateShort } from './dates';
import { linkTokenField } from './links';
import { API, byId } from './api-paths';
import { COLLECTIONS } from './registry';

export const NOMINATIONS_COLLECTION = COLLECTIONS.nominations;

/** The nomination paths (the API's are views of the path table, api-paths.ts). */
export const nominationPaths = {
  /** The page the e-mail links to (`#token=`): two buttons, nothing happens on opening it. */
  page: '/my-application/nomination',
  answer: API.nominationAnswer.path,
  ofStudent: byId(API.studentNomination),
  list: API.nominations.path,
} as const;

/** How long the nominator's link works (then the nomination shows "not answered"). */
export const NOMINATION_LINK_DAYS = 30;
/** The longest line a nominator may add. */
export const NOMINATION_NOTE_MAX = 300;
/**
 * How many times one student's nominator is asked in all, the first question included: the
 * first and two corrections of the nominator (a typo in the address, then the name). Past it a
 * correction still withdraws the nomination, and nobody is asked again.
 */
export const NOMINATION_ASKS_PER_STUDENT = 3;

export type NominationAnswer = 'confirm' | 'decline';

/** As stored. */
export type StoredNominationState = 'asked' | 'confirmed' | 'declined';

/**
 * As coordinators see it: `none` (no nominator's address given), `not-asked` (an address, but
 * the student's address is not confirmed yet or the e-mail caps held the message: asked at the
 * student's next confirmation), `asks-used` (the nominator was changed after
 * NOMINATION_ASKS_PER_STUDENT questions: nobody is asked again), then the stored states, where
 * `asked` reads "not answered".
 */
export type NominationState = 'none' | 'not-asked' | 'asks-used' | StoredNominationState;
export const NOMINATION_FILTERS = ['confirmed', 'declined', 'asked', 'not-asked'] as const;
export type NominationFilter = (typeof NOMINATION_FILTERS)[number];

export const NOMINATION_FILTER_LABELS: Record<NominationFilter, string> = {
  confirmed: 'Nomination confirmed',
  declined: 'Nomination declined',
  asked: 'Nomination not answered',
  'not-asked': 'Nominator not asked yet',
};

/** What the person's page receives. */
export interface NominationView {
  state: NominationState;
  /** The nominator as the student named them: their name, else their address. */
  nominator: string | null;
  askedAt: string | null;
  answeredAt: string | null;
  /** The address the answer came from: the one the answering link was sent to. */
  answeredBy: string | null;
  /** The nominator's optional line for the coordinators. */
  note: string | null;
}

/** Which address answered, when the name alone would not say it. */
const from = (view: NominationView) =>
  view.answeredBy && view.answeredBy !== view.nominator ? ` (${view.answeredBy})` : '';

/** The line on the person's page. */
export function nominationLine(view: NominationView): string {
  const who = view.nominator ?? 'the nominator';
  switch (view.state) {
    case 'none':
      return 'No nominator named';
    case 'not-asked':
      return `Nominator (${who}) not asked yet: asked once the student's address is confirmed`;
    case 'asks-used':
      return `Nominator (${who}) not asked: the student changed their nominator after ${NOMINATION_ASKS_PER_STUDENT} questions, the most the program sends`;
    case 'asked':
      return 'Nomination not answered';
    case 'confirmed':
      return `Nomination confirmed by ${who}${from(view)} on ${view.answeredAt ? formatDateShort(view.answeredAt) : '?'}`;
    case 'declined':
      return `Nomination declined by ${who}${from(view)}`;
  }
}

const TOKEN_MESSAGE = 'This link is incomplete or no longer works.';
export const nominationAnswerSchema = object({
  token: linkTokenField(TOKEN_MESSAGE),
  answer: string<NominationAnswer>()
    .required('Choose Confirm or Decline.')
    .oneOf(['confirm', 'decline'], 'Choose Confirm or Decline.'),
  note: string()
    .trim()
    .max(NOMINATION_NOTE_MAX, `Please keep the line to ${NOMINATION_NOTE_MAX} characters.`)
    .nullable()
    .default(null),
});

export const NOMINATION_MESSAGES = {
  invalid: TOKEN_MESSAGE,
  used: 'You have already answered. Thank you.',
  expired: 'This link has expired. Nothing was recorded.',
  confirmed: 'Thank you. You have confirmed the nomination.',
  declined: 'Thank you. We have recorded that you did not nominate this student.',
} as const;

export interface NominationAnswered {
  state: 'confirmed' | 'declined';
  message: string;
}
