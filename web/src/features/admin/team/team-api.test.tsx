/**
 * An invitation sent while the team's first read is still on its way (a coordinator who types
 * fast, a slow network): that read started before the invitation existed, so the list is read
 * again after it rather than showing the older answer. Only the network is replaced.
 */
import type { TeamResponse } from '@mentorship/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answerAdminRequests, type ApiCall } from '../../../test/fake-admin-api';
import { useInvite, useTeam } from './team-api';

jest.mock('../../../lib/admin-request', () => ({ adminRequest: jest.fn() }));

const before: TeamResponse = { members: [], invitations: [] };
const after: TeamResponse = {
  members: [],
  invitations: [
    {
      id: 'inv-1',
      email: 'new@example.org',
      invitedAt: '2026-12-07T20:00:00.000Z',
      invitedBy: { uid: 'u1', email: 'a@example.org' },
      expiresAt: '2026-12-14T20:00:00.000Z',
    },
  ],
};

let releaseFirstRead: () => void = () => undefined;
const mockCalls = answerAdminRequests((call: ApiCall) => {
  if (call.method === 'POST') return { id: 'inv-1', message: 'Invitation sent.' };
  const reads = mockCalls.filter((c) => c.method === 'GET').length;
  if (reads === 1) {
    // The first read answers with what was stored when it started, once released.
    return new Promise((resolve) => {
      releaseFirstRead = () => resolve(before);
    });
  }
  return after;
});

it('reads the team again when an invitation is sent during its first read', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ team: useTeam(), invite: useInvite() }), { wrapper });
  await waitFor(() => expect(mockCalls).toHaveLength(1));
  await act(async () => {
    await result.current.invite.mutateAsync('new@example.org');
  });
  await act(async () => releaseFirstRead());
  await waitFor(() => expect(result.current.team.data?.invitations).toHaveLength(1));
  expect(mockCalls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
});
