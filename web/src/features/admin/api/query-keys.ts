import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';

/** Every admin query key starts with 'admin' (what the API answers; the lists are live). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  student: (id: string) => ['admin', 'students', id] as const,
  mentor: (id: string) => ['admin', 'mentors', id] as const,
  activity: ['admin', 'activity'] as const,
  /** One person's history, notes and pairs (their page). */
  personActivity: (id: string) => ['admin', 'activity', id] as const,
  notes: (id: string) => ['admin', 'notes', id] as const,
  personPairs: (id: string) => ['admin', 'pairs', 'of', id] as const,
  /** The signed-in coordinator's own passkeys (the account page). */
  ownPasskeys: ['admin', 'account', 'passkeys'] as const,
};

/** The spec's query rules: no retries, no refetch on focus, no polling, never fresh. */
export const createAdminQueryClient = (
  onUnauthorised: (error: ApiRequestError) => void,
): QueryClient =>
  new QueryClient({
    // A 401/403 means the session ended or lost the admin claim: sign out, the guard then sends
    // the coordinator to the login page.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
          onUnauthorised(error);
        }
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });

/**
 * After a successful change: what is read through the API (a person's record, notes, history
 * and pairs, the Activity view) is read again. The lists and the stat cards are live
 * (live-lists.ts) and follow the change by themselves; nothing refetches them.
 */
export const invalidateAdminData = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'stats',
  });
