/**
 * The counts query is never fresh (the admin query rules): every mount of the dashboard asks the
 * server again, except the first mount after sign-in, which takes the counts the sign-in's
 * prefetch got for it a moment before.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Stats } from '@mentorship/domain';
import { signInStats, statsQuery, useStats } from './get-stats';

const mockRequests: string[] = [];
jest.mock('../../../lib/admin-request', () => ({
  adminRequest: (path: string) => {
    mockRequests.push(path);
    return Promise.resolve(counts(7));
  },
}));

const counts = (n: number): Stats => ({
  totalStudents: n,
  totalMentors: n,
  activeStudents: n,
  activeMentors: n,
  totalAssignments: n,
  awaitingReview: 0,
});

const mount = (client: QueryClient) =>
  renderHook(() => useStats(true, 'fall-2026'), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });

beforeEach(() => {
  mockRequests.length = 0;
});

it("the first mount after sign-in takes the sign-in's counts; the next mount asks again", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  await client.prefetchQuery({
    ...statsQuery('fall-2026'),
    queryFn: () => Promise.resolve(signInStats(counts(3))),
  });

  const first = mount(client);
  expect(first.result.current.data?.totalStudents).toBe(3);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(mockRequests).toEqual([]);
  first.unmount();

  const second = mount(client);
  await waitFor(() => expect(second.result.current.data?.totalStudents).toBe(7));
  expect(mockRequests).toEqual(['/api/admin/stats?cohort=fall-2026']);
});

it('counts that did not come from the sign-in are asked for again on mount', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  client.setQueryData(statsQuery('fall-2026').queryKey, counts(3));
  const view = mount(client);
  await waitFor(() => expect(view.result.current.data?.totalStudents).toBe(7));
  expect(mockRequests).toHaveLength(1);
});
