import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { FIRST_PAGE_SIZE, type AdminList } from './first-page';

/** Every admin query key starts with 'admin', so one invalidation refetches lists and stats. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  students: ['admin', 'students'] as const,
  student: (id: string) => ['admin', 'students', id] as const,
  mentors: ['admin', 'mentors'] as const,
  mentor: (id: string) => ['admin', 'mentors', id] as const,
  assignments: ['admin', 'assignments'] as const,
  activity: ['admin', 'activity'] as const,
  /** One person's history, notes and assignments (their page). */
  personActivity: (id: string) => ['admin', 'activity', id] as const,
  notes: (id: string) => ['admin', 'notes', id] as const,
  personAssignments: (id: string) => ['admin', 'assignments', 'of', id] as const,
  /** The newest rows of a list (the dashboard's first screen), cached apart from the list. */
  firstPage: (list: AdminList) => ['admin', 'first-page', list, FIRST_PAGE_SIZE] as const,
};

/** The spec's query rules: no retries, no refetch on focus, no polling, never fresh. */
export const createAdminQueryClient = (onUnauthorised: () => void): QueryClient =>
  new QueryClient({
    // A 401/403 means the session ended or lost the admin claim: sign out, the guard then sends
    // the coordinator to the login page.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
          onUnauthorised();
        }
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });

/** After any successful change: students, mentors, assignments and stats are refetched. */
export const invalidateAdminData = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: adminKeys.all });
