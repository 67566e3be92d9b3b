/**
 * The dashboard's three lists: live from Firestore (api/live-lists.ts: the newest rows at once,
 * then the whole list, then every change as it happens), indexed for search, filtered, and
 * described for the tab labels and status lines without passing partial lists off as complete.
 * The stat cards count the live rows once the lists are whole (so they follow every change);
 * until then they show the server's counts.
 */
import {
  personState,
  type PairRecord,
  type MentorListItem,
  type Stats,
  type StudentListItem,
} from '@mentorship/domain';
import { useDeferredValue, useMemo } from 'react';
import type { AdminList } from '../api/first-page';
import { useStats } from '../api/get-stats';
import { useLiveList, type LiveList } from '../api/live-lists';
import { partialListMessage, tabCount, tabLabel } from './list-progress';
import { buildIndex, filterIndex, type StatusFilter } from './search-index';

/** The stat cards' numbers, counted from the whole lists (the same rules as GET /stats). */
export function statsOf(
  students: readonly StudentListItem[],
  mentors: readonly MentorListItem[],
  pairs: readonly PairRecord[],
): Stats {
  const count = <T>(rows: readonly T[], test: (row: T) => boolean) =>
    rows.reduce((n, row) => (test(row) ? n + 1 : n), 0);
  return {
    totalStudents: students.length,
    totalMentors: mentors.length,
    activeStudents: count(students, (s) => s.isActive),
    activeMentors: count(mentors, (m) => m.isActive),
    totalAssignments: pairs.length,
    awaitingReview:
      count(students, (s) => personState(s) === 'awaiting') +
      count(mentors, (m) => personState(m) === 'awaiting'),
  };
}

export interface DashboardList<T> extends LiveList<T> {
  isError: boolean;
  retry: () => void;
}

const withRetry = <T>(live: LiveList<T>): DashboardList<T> => ({
  ...live,
  isError: live.error !== undefined,
  // A listener that failed (not a permission error: that signs out) starts again on reload.
  retry: () => window.location.reload(),
});

/** The lists, counts and search of one cohort (or ALL_COHORTS). */
export function useDashboardLists(search: string, filter: StatusFilter, cohortId: string) {
  const students = withRetry(useLiveList('students', cohortId));
  const mentors = withRetry(useLiveList('mentors', cohortId));
  const pairs = withRetry(useLiveList('pairs', cohortId));
  const whole = students.complete && mentors.complete && pairs.complete;
  const served = useStats(!whole, cohortId);
  const live = useMemo(
    () =>
      whole && students.rows && mentors.rows && pairs.rows
        ? statsOf(students.rows, mentors.rows, pairs.rows)
        : undefined,
    [whole, students.rows, mentors.rows, pairs.rows],
  );
  const stats = {
    data: live ?? served.data,
    isError: live === undefined && served.isError,
    refetch: () => void served.refetch(),
  };

  // Typing may run ahead of the list (the search box stays responsive over thousands of rows);
  // a filter is one press, and its list changes in the same picture as its button: a list that
  // caught up a moment later let a keyboard user Tab onto a row about to be removed.
  const deferredSearch = useDeferredValue(search);

  const studentIndex = useMemo(
    () => buildIndex(students.rows ?? [], (s) => [s.fullName, s.emailAddress, s.universityName]),
    [students.rows],
  );
  const mentorIndex = useMemo(
    () => buildIndex(mentors.rows ?? [], (m) => [m.fullName, m.email, m.company]),
    [mentors.rows],
  );
  const pairIndex = useMemo(
    () => buildIndex(pairs.rows ?? [], (a) => [a.mentorName, a.studentName]),
    [pairs.rows],
  );
  const visible = {
    students: useMemo(
      () => filterIndex(studentIndex, deferredSearch, filter),
      [studentIndex, deferredSearch, filter],
    ) as StudentListItem[],
    mentors: useMemo(
      () => filterIndex(mentorIndex, deferredSearch, filter),
      [mentorIndex, deferredSearch, filter],
    ) as MentorListItem[],
    pairs: useMemo(
      () => filterIndex(pairIndex, deferredSearch, filter),
      [pairIndex, deferredSearch, filter],
    ) as PairRecord[],
  };

  // Partial lists: tab counts and the status line never pass the newest rows off as the total.
  const narrowed = deferredSearch.trim() !== '' || filter !== 'all';
  const totals = {
    students: stats.data?.totalStudents,
    mentors: stats.data?.totalMentors,
    pairs: stats.data?.totalAssignments,
  };
  const lists = { students, mentors, pairs };
  const label = (list: AdminList, title: string) =>
    tabLabel(
      title,
      tabCount({
        shown: lists[list].rows === undefined ? undefined : visible[list].length,
        complete: lists[list].complete,
        total: totals[list],
        narrowed,
      }),
    );
  const progress = (list: AdminList) => {
    const { rows, complete, isError } = lists[list];
    return rows === undefined || complete || isError
      ? null
      : partialListMessage(list, rows.length, totals[list], narrowed);
  };

  return { stats, lists, visible, label, progress, complete: whole };
}
