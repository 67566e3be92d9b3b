/** The matching endpoints' paths, bodies and answers (mounted at /api/admin/matching). */
import { array, object, string } from 'yup';
import { API } from '../api-paths';
import type { MatchBand } from '../match';
import { createPairSchema } from '../schemas';
import { progressSchema } from '../work-progress';
import type { PairRecord, ErrorCode } from '../api';
import type { UnmatchedReason } from './propose';

export const matchingPaths = {
  proposal: API.matchingProposal.path,
  apply: API.matchingApply.path,
} as const;

/** Most pairs one apply call may create. */
export const MAX_APPLY_PAIRS = 500;

export interface ProposalPairView {
  mentorId: string;
  mentorName: string;
  /** "Job title, Company" when known. */
  mentorDetail: string | null;
  studentId: string;
  studentName: string;
  /** "Academic program, University" when known. */
  studentDetail: string | null;
  score: number;
  band: MatchBand;
  sharedDisciplines: string[];
  sharedTopics: string[];
  /**
   * Hours the two 09:00-21:00 windows share (TIME-ZONE RULE, working-hours.ts); null when a time
   * zone is unknown. Its own reason beside the score, which it never changes.
   */
  overlapHours: number | null;
  /** Set when the TIME-ZONE RULE chose this mentor over the one the score alone chose. */
  movedFrom: { mentorName: string; score: number; overlapHours: number } | null;
  /**
   * The student's nominator confirmed the nomination (NOMINATION RULE,
   * nomination-preference.ts); `favoured` when the rule gave the student this place.
   */
  nomination: 'confirmed' | 'favoured' | null;
}

/** What the proposal row says of a confirmed nomination (NOMINATION RULE). */
export const NOMINATION_REASON_TEXT = {
  confirmed: 'Nomination confirmed',
  favoured: 'Nomination confirmed: given this place over a student without one',
} as const;

export interface UnmatchedStudentView {
  studentId: string;
  studentName: string;
  reason: UnmatchedReason;
}

/** POST /api/admin/matching/proposal (no body): the proposal computed from current data. */
export interface ProposalResponse {
  pairs: ProposalPairView[];
  unmatched: UnmatchedStudentView[];
  summary: {
    /** Active students without an active pair. */
    studentCount: number;
    /** Active mentors with free places. */
    mentorCount: number;
    freePlaces: number;
    freePlacesLeft: number;
    pairCount: number;
    totalScore: number;
    unmatchedByReason: Record<UnmatchedReason, number>;
  };
  generatedAt: string;
  /** Mentors the cohort's settings left out of the proposal, and why. */
  mentorsLeftOut?: { mentorId: string; mentorName: string; reason: string }[];
}

const uniquePairs = (pairs: { mentorId?: string; studentId?: string }[] | undefined) => {
  if (!pairs) return true;
  const seen = new Set<string>();
  for (const pair of pairs) {
    const key = `${pair.mentorId ?? ''}/${pair.studentId ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
};

/** POST /api/admin/matching/proposal takes an empty JSON object (no options yet). */
/** POST /api/admin/matching/proposal body: the cohort to propose for (null: every cohort). */
export const proposalRequestSchema = object({
  cohortId: string()
    .nullable()
    .default(null)
    .max(128, 'Choose a cohort from the list.')
    .matches(/^[A-Za-z0-9_-]+$/, 'Choose a cohort from the list.'),
});

/** POST /api/admin/matching/apply body: the pairs the coordinator kept. */
export const applyMatchesSchema = object({
  pairs: array()
    .of(createPairSchema)
    .required('Choose at least one pair.')
    .min(1, 'Choose at least one pair.')
    .max(MAX_APPLY_PAIRS, `Apply at most ${MAX_APPLY_PAIRS} pairs at once.`)
    .test('unique', 'Each pair can be listed once.', uniquePairs)
    .typeError('pairs must be a list of {mentorId, studentId}.'),
  progress: progressSchema,
});

export type ApplyPairResult =
  | { mentorId: string; studentId: string; status: 'created'; pair: PairRecord }
  | { mentorId: string; studentId: string; status: 'refused'; code: ErrorCode; message: string };

/** Answer of POST /api/admin/matching/apply: every pair is either created or refused with why. */
export interface ApplyMatchesResponse {
  message: string;
  created: number;
  refused: number;
  results: ApplyPairResult[];
}

export const applyMessage = (created: number, refused: number): string =>
  `${created} ${created === 1 ? 'match' : 'matches'} created` +
  (refused > 0 ? `, ${refused} refused.` : '.');
