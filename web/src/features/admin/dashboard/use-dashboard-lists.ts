/**
 * The dashboard's three lists: loaded progressively (the visible tab first: its newest rows,
 * then the whole list; the other tabs wait for it), indexed for search, filtered, and described
 * for the tab labels and status lines without passing partial lists off as complete.
 */
import type { AssignmentRecord, MentorListItem, StudentListItem } from '@mentorship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { AdminList } from '../api/first-page';
import { useStats } from '../api/get-stats';
import { hasSettled, listQueries, useProgressiveList } from '../api/progressive-list';
import { partialListMessage, tabCount, tabLabel } from './list-progress';
import { buildIndex, filterIndex, type StatusFilter } from './search-index';

export function useDashboardLists(tab: AdminList, search: string, filter: StatusFilter) {
  const stats = useStats();
  const client = useQueryClient();
  const lead = listQueries(tab);
  const leadPageIn =
    hasSettled(client, lead.firstPage.queryKey) ||
    client.getQueryData(lead.full.queryKey) !== undefined;
  const leadFullIn = hasSettled(client, lead.full.queryKey);
  const gates = (list: AdminList) =>
    list === tab
      ? { startPage: true, startFull: true }
      : { startPage: leadPageIn, startFull: leadFullIn };
  const students = useProgressiveList('students', gates('students'));
  const mentors = useProgressiveList('mentors', gates('mentors'));
  const assignments = useProgressiveList('assignments', gates('assignments'));

  const deferredSearch = useDeferredValue(search);
  const deferredFilter = useDeferredValue(filter);

  const studentIndex = useMemo(
    () => buildIndex(students.rows ?? [], (s) => [s.fullName, s.emailAddress, s.universityName]),
    [students.rows],
  );
  const mentorIndex = useMemo(
    () => buildIndex(mentors.rows ?? [], (m) => [m.fullName, m.email, m.company]),
    [mentors.rows],
  );
  const assignmentIndex = useMemo(
    () => buildIndex(assignments.rows ?? [], (a) => [a.mentorName, a.studentName]),
    [assignments.rows],
  );
  const visible = {
    students: useMemo(
      () => filterIndex(studentIndex, deferredSearch, deferredFilter),
      [studentIndex, deferredSearch, deferredFilter],
    ) as StudentListItem[],
    mentors: useMemo(
      () => filterIndex(mentorIndex, deferredSearch, deferredFilter),
      [mentorIndex, deferredSearch, deferredFilter],
    ) as MentorListItem[],
    assignments: useMemo(
      () => filterIndex(assignmentIndex, deferredSearch, deferredFilter),
      [assignmentIndex, deferredSearch, deferredFilter],
    ) as AssignmentRecord[],
  };

  // Partial lists: tab counts and the status line never pass the newest rows off as the total.
  const narrowed = deferredSearch.trim() !== '' || deferredFilter !== 'all';
  const totals = {
    students: stats.data?.totalStudents,
    mentors: stats.data?.totalMentors,
    assignments: stats.data?.totalAssignments,
  };
  const lists = { students, mentors, assignments };
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

  return { stats, lists, visible, label, progress };
}

export type DashboardLists = ReturnType<typeof useDashboardLists>;
