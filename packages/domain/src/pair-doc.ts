/**
 * A pair as stored: one document of the pair module (functions/src/pairs/, which alone reads and
 * writes it). Generic over the timestamp type, since the domain has no Firebase SDK: the function
 * stores `PairDoc<Timestamp>`. The places a pair takes (its student's `activePairId`, one of
 * its mentor's `activeStudentCount`) follow from `holdsStudentPlace` and `holdsMentorPlace`.
 */
import type { IsoDay } from './cohort';
import { pairHealth, pairListing, type PairListing } from './pair-health';
import { emptyProgress, type PairEndReason, type PairEndedBy, type PairProgress } from './pairs';

// A type, not an interface: the audience statement's views take it as a plain record.
export type PairDoc<T> = {
  mentorId: string;
  studentId: string;
  mentorName: string;
  studentName: string;
  /** The student's cohort when the pair was made; null when the student had none. */
  cohortId: string | null;
  /** Running, or paused by a coordinator (deactivated); false for good once ended. */
  isActive: boolean;
  assignedAt: T;
  createdAt: T;
  updatedAt: T;
  /**
   * Set when the cohort's program ended (the daily completion): the pair no longer takes one of
   * the mentor's places (given back then, once), so a mentor who returns for the next cohort is
   * not full there. Whatever happens to the pair later changes no count.
   */
  mentorPlaceReleasedAt?: T | null;
  endedAt?: T | null;
  endReason?: PairEndReason | null;
  endedBy?: PairEndedBy | null;
  /** Coordinators only. */
  endNote?: string | null;
  progress?: Partial<PairProgress>;
  /** Set at the cohort's end when the pair met the completion criterion. */
  completedAt?: T | null;
  sessionsHeld?: number;
  /** The certificates issued at completion, by role (`certificates/{id}`). */
  certificateIds?: Partial<Record<'student' | 'mentor', string>>;
  /** Its place in the coordinators' list, kept as it changes (pair-health.ts). */
  listing?: PairListing;
};

/** Whether the pair still takes one of its mentor's places (`activeStudentCount`). */
export const holdsMentorPlace = (
  doc: Pick<PairDoc<unknown>, 'isActive' | 'mentorPlaceReleasedAt'>,
): boolean => doc.isActive && !doc.mentorPlaceReleasedAt;

/**
 * A pair's place in the coordinators' list on `today`, from its document and where it belongs
 * (its cohort, resolved; the day the pair started: pairs.ts `pairStartOf`). The function, the
 * demo's seeds and the benchmarks all judge it here.
 */
export function listingOfDoc(
  doc: PairDoc<unknown>,
  place: { cohortId: string; pairStart: IsoDay },
  today: IsoDay,
): PairListing {
  const progress = { ...emptyProgress(), ...doc.progress };
  const health = pairHealth({
    today,
    pairStartedOn: place.pairStart,
    lastSessionOn: progress.lastSessionOn,
    checkIns: Object.values(progress.checkIns ?? {}),
    ratings: { ...emptyProgress().ratings, ...progress.ratings },
    studentFit: progress.fit?.student ?? null,
    problemReported: Boolean(progress.problemReportedAt),
  });
  return pairListing({
    cohortId: place.cohortId,
    running: doc.isActive && !doc.endedAt,
    ended: Boolean(doc.endedAt),
    health: health.state,
    studentName: doc.studentName,
    today,
  });
}
