/**
 * Whole-cohort matching: the proposal (computed by the pure solver in the domain package from
 * current data) and applying the pairs a coordinator kept, each through `makePair` so
 * every rule of one-by-one creation holds; a pair that no longer holds is reported, not forced.
 */
import {
  CARRY_MESSAGES,
  UNMATCHED_REASONS,
  applyMessage,
  favourConfirmedNominations,
  preferWorkingHoursOverlap,
  proposeMatches,
  type ApplyMatchesResponse,
  type ApplyPairResult,
  type PairKey,
  type ProgressInput,
  type ProposalResponse,
  type UnmatchedReason,
} from '@mentorship/domain';
import { logger } from 'firebase-functions';
import { makePair } from '../pairs';
import { studentIdsWithNomination } from '../nominations';
import { DomainError } from '../shared/errors';
import { progressReporter } from '../shared/work-progress';
import { loadMatchingData } from './repository';
import { leaveOutWithoutOrientation } from '../cohorts';

const PRIORITY_LABELS = { rematch: 'Re-match', 'carried-forward': CARRY_MESSAGES.badge } as const;

const detail = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter((part): part is string => Boolean(part)).join(', ') || null;

/**
 * The proposal for one cohort's students and mentors (`cohortId`), or for everyone (null): the
 * optimal pairs by the spec's Match Score (propose.ts), then the NOMINATION RULE
 * (nomination-preference.ts: a confirmed nomination takes an equal-or-better place from a student
 * of the same priority without one), then the TIME-ZONE RULE (working-hours.ts: a pair with
 * little working-hours overlap moves to a mentor with enough who scores at most 1 less). Each
 * row says which rule acted.
 */
export async function buildProposal(cohortId: string | null = null): Promise<ProposalResponse> {
  // A cohort that requires the orientation leaves out mentors who have not attended.
  const [{ data, leftOut }, confirmedIds] = await Promise.all([
    loadMatchingData(cohortId).then((loaded) => leaveOutWithoutOrientation(cohortId, loaded)),
    studentIdsWithNomination('confirmed'),
  ]);
  const confirmed = new Set(confirmedIds);
  const optimal = proposeMatches(data);
  const nominated = favourConfirmedNominations(optimal, data, confirmed);
  const proposal = preferWorkingHoursOverlap(nominated, data);
  const placedByScore = new Set(optimal.pairs.map((p) => p.studentId));
  const students = new Map(data.students.map((s) => [s.id, s]));
  const mentors = new Map(data.mentors.map((m) => [m.id, m]));

  const unmatchedByReason = Object.fromEntries(UNMATCHED_REASONS.map((r) => [r, 0])) as Record<
    UnmatchedReason,
    number
  >;
  for (const u of proposal.unmatched) unmatchedByReason[u.reason] += 1;

  return {
    pairs: proposal.pairs.map((pair) => {
      const mentor = mentors.get(pair.mentorId);
      const student = students.get(pair.studentId);
      return {
        mentorId: pair.mentorId,
        mentorName: mentor?.fullName ?? '',
        mentorDetail: detail(mentor?.currentJobTitle, mentor?.company),
        studentId: pair.studentId,
        studentName: student?.fullName ?? '',
        // Students matched first say so: "Carried forward, B.Sc. Physics, ...".
        studentDetail: detail(
          student?.matchPriority ? PRIORITY_LABELS[student.matchPriority] : null,
          student?.academicProgram,
          student?.universityName,
        ),
        score: pair.score,
        band: pair.band,
        sharedDisciplines: pair.sharedDisciplines,
        sharedTopics: pair.sharedTopics,
        overlapHours: pair.overlapHours,
        movedFrom: pair.movedFrom
          ? {
              mentorName: mentors.get(pair.movedFrom.mentorId)?.fullName ?? '',
              score: pair.movedFrom.score,
              overlapHours: pair.movedFrom.overlapHours,
            }
          : null,
        nomination: !confirmed.has(pair.studentId)
          ? null
          : placedByScore.has(pair.studentId)
            ? 'confirmed'
            : 'favoured',
      };
    }),
    unmatched: proposal.unmatched.map((u) => ({
      studentId: u.studentId,
      studentName: students.get(u.studentId)?.fullName ?? '',
      reason: u.reason,
    })),
    summary: {
      studentCount: proposal.studentCount,
      mentorCount: proposal.mentorCount,
      freePlaces: proposal.freePlaces,
      freePlacesLeft: proposal.freePlacesLeft,
      pairCount: proposal.pairs.length,
      totalScore: proposal.totalScore,
      unmatchedByReason,
    },
    generatedAt: new Date().toISOString(),
    ...(leftOut.length ? { mentorsLeftOut: leftOut } : {}),
  };
}

/** How the history tells a pair applied from a proposal from one made by hand. */
const PROPOSAL_DETAIL = 'From a whole-cohort proposal';

/**
 * Creates the pairs one after another (each in its own transaction, so capacity is re-checked
 * against the pairs just created). Rule violations are reported per pair with the API's message.
 */
export async function applyMatches(
  pairs: readonly PairKey[],
  progress?: ProgressInput,
): Promise<ApplyMatchesResponse> {
  const report = progressReporter(progress, 'pairs.create');
  const results: ApplyPairResult[] = [];
  for (const { mentorId, studentId } of pairs) {
    await report.step(results.length);
    try {
      const pair = await makePair({ mentorId, studentId }, PROPOSAL_DETAIL);
      results.push({ mentorId, studentId, status: 'created', pair });
    } catch (error) {
      if (error instanceof DomainError) {
        results.push({
          mentorId,
          studentId,
          status: 'refused',
          code: error.code,
          message: error.message,
        });
        continue;
      }
      // Unexpected (e.g. Firestore unavailable): report it for this pair and keep going, so the
      // coordinator sees which pairs were made.
      logger.error('Applying a proposed match failed', { name: (error as Error)?.name });
      results.push({
        mentorId,
        studentId,
        status: 'refused',
        code: 'internal',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
  }
  await report.end(results.length);
  const created = results.filter((r) => r.status === 'created').length;
  const refused = results.length - created;
  return { message: applyMessage(created, refused), created, refused, results };
}
