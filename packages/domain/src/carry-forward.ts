/**
 * Carried forward. When a cohort's matching closes (the day after `matchingDoneBy`), the daily
 * job asks, once per person and cohort, by e-mail:
 * - approved students left unmatched (active, confirmed, not declined or withdrawn, no active
 *   pair) whether to keep their application for the next cohort;
 * - mentors of the cohort: those who mentored are invited to return, those left with free places
 *   and no student whether to keep their application (the same one-click answer).
 * The next cohort is the one taking applications on the day of the run, else the next to open.
 * A yes moves the person to it with `carriedForwardFrom` (the "Carried forward" mark in the
 * admin lists); students get `matchPriority: 'carried-forward'` (a 'rematch', set when a pair
 * ended early, stays: it outranks). The link carries an unguessable token (32 random bytes; only
 * its SHA-256 is stored); the page it opens shows a button, and only the POST acts, once.
 */
import { object } from 'yup';
import { API } from './api-paths';
import { RETENTION } from './my-application';
import { linkTokenField } from './links';

export const MATCH_PRIORITIES = ['rematch', 'carried-forward'] as const;
export type MatchPriority = (typeof MATCH_PRIORITIES)[number] | null;

/** Higher first: how the proposal and the lists order priority students. */
const MATCH_PRIORITY_RANK: Record<NonNullable<MatchPriority>, number> = {
  rematch: 2,
  'carried-forward': 1,
};
export const priorityRank = (priority: MatchPriority | undefined): number =>
  priority ? MATCH_PRIORITY_RANK[priority] : 0;

/** How long a carry-forward link works. */
export const CARRY_OFFER_DAYS = RETENTION.carryOfferDays;

export const carryForwardPaths = {
  /** The page the e-mail links to (`#token=`): a button, nothing happens on opening it. */
  page: '/my-application/keep',
  /** Public: POST { token } answers yes. */
  answer: API.carryForward.path,
} as const;

const TOKEN_MESSAGE = 'This link is incomplete or no longer works.';
export const carryForwardAnswerSchema = object({
  token: linkTokenField(TOKEN_MESSAGE),
});

export const CARRY_MESSAGES = {
  invalid: TOKEN_MESSAGE,
  used: 'You have already answered: your application is kept for the next cohort.',
  expired: 'This link has expired. Please apply again when applications open.',
  kept: (cohort: string) => `Thank you. Your application is kept for the ${cohort} cohort.`,
  /** The mark in the admin lists. */
  badge: 'Carried forward',
} as const;

export interface CarryForwardAnswer {
  message: string;
  cohortName: string;
}
