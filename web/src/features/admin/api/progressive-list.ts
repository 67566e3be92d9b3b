/**
 * The dashboard's lists in two steps, through the one admin query cache: first the newest
 * FIRST_PAGE_SIZE rows (a quick answer even with thousands of records), then the whole list.
 *
 * - The whole list starts only once its first page has arrived (or failed), so the two do not
 *   compete for the server; `startFull` can hold it back further (the other tabs wait for the
 *   visible one).
 * - Once the whole list is cached, the first-page query is disabled: an invalidation after a
 *   change refetches the whole list (and the stats) but not the first page, and the rows on
 *   screen stay until the new list replaces them (no flash back to "Loading...").
 */
import type { AssignmentRecord, MentorListItem, StudentListItem } from '@mentorship/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FIRST_PAGE_SIZE, type AdminList } from './first-page';
import { getAssignments } from './get-assignments';
import { getMentors } from './get-mentors';
import { getStudents } from './get-students';
import { adminKeys } from './query-keys';

export interface ListRows {
  students: StudentListItem;
  mentors: MentorListItem;
  assignments: AssignmentRecord;
}

const fetchers: { [L in AdminList]: (limit?: number) => Promise<ListRows[L][]> } = {
  students: getStudents,
  mentors: getMentors,
  assignments: getAssignments,
};

const fullKeys = {
  students: adminKeys.students,
  mentors: adminKeys.mentors,
  assignments: adminKeys.assignments,
} as const;

/** The first page and whole-list queries of one list (also used to prefetch at sign-in). */
export const listQueries = <L extends AdminList>(list: L) => ({
  firstPage: {
    queryKey: adminKeys.firstPage(list),
    queryFn: () => fetchers[list](FIRST_PAGE_SIZE) as Promise<ListRows[L][]>,
  },
  full: {
    queryKey: fullKeys[list],
    queryFn: () => fetchers[list]() as Promise<ListRows[L][]>,
  },
});

export interface ProgressiveList<T> {
  /** The whole list, or its newest rows while it loads; undefined until one of them is in. */
  rows: T[] | undefined;
  /** `rows` is the whole list (also when the first page already held every row). */
  complete: boolean;
  /** The whole list failed to load (its newest rows may still be shown). */
  isError: boolean;
  retry: () => void;
}

/** Whether a query has an answer (data or an error), read from the cache. */
export const hasSettled = (client: QueryClient, key: readonly unknown[]): boolean => {
  const status = client.getQueryState(key)?.status;
  return status === 'success' || status === 'error';
};

export function useProgressiveList<L extends AdminList>(
  list: L,
  { startPage, startFull }: { startPage: boolean; startFull: boolean },
): ProgressiveList<ListRows[L]> {
  const client = useQueryClient();
  const queries = listQueries(list);
  const fullCached = client.getQueryData(queries.full.queryKey) !== undefined;
  // Prefetched at sign-in: mounting the dashboard does not ask for it again.
  const page = useQuery({
    ...queries.firstPage,
    enabled: startPage && !fullCached,
    refetchOnMount: false,
  });
  const pageSettled = page.status !== 'pending';
  const full = useQuery({
    ...queries.full,
    // Once it has data it stays enabled, so invalidations refetch it.
    enabled: (query) => query.state.data !== undefined || (startFull && pageSettled),
  });
  const rows = full.data ?? page.data;
  return {
    rows,
    complete:
      full.data !== undefined || (page.data !== undefined && page.data.length < FIRST_PAGE_SIZE),
    isError: full.isError,
    retry: () => void full.refetch(),
  };
}
