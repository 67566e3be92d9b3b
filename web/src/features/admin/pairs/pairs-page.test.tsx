/**
 * The Pairs page with a large cohort: the first rows are on screen at once, the
 * rest come on request, in steps, and the counts and filter still cover every pair. Only the
 * network is replaced (adminRequest answers as the API would).
 */
import type { PairHealthRow, PairsResponse } from '@mentorship/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/render';
import PairsPage from './pairs-page';

const row = (n: number, state: PairHealthRow['state']): PairHealthRow => ({
  id: `pair-${n}`,
  cohortId: 'current',
  studentId: `s-${n}`,
  mentorId: `m-${n}`,
  studentName: `Student ${n}`,
  mentorName: `Mentor ${n}`,
  sessionsHeld: 1,
  lastSessionOn: '2026-10-01',
  ratings: { student: 4, mentor: 4 },
  fit: { student: null, mentor: null },
  state,
  reasons: [],
  active: true,
  endedAt: null,
  endReason: null,
  notes: [],
  problems: [],
});

// 130 running pairs: 100 on track, 30 needing a check-in.
const mockPairs: PairsResponse = {
  today: '2026-11-25',
  pairs: Array.from({ length: 130 }, (_, n) => row(n, n < 30 ? 'needs-check-in' : 'on-track')),
  counts: { 'at-risk': 0, 'needs-check-in': 30, 'on-track': 100 },
};

jest.mock('../../../lib/admin-request', () => ({
  adminRequest: (path: string) =>
    Promise.resolve(path.includes('preview') ? { days: [] } : mockPairs),
}));
jest.mock('../../../lib/cohorts-api', () => ({
  useCohorts: () => ({
    data: { cohorts: [{ id: 'current', name: 'Current', phase: 'running' }], currentId: 'current' },
    isError: false,
  }),
}));

// Chakra in jsdom on a shared machine: rendering a hundred rows takes seconds.
jest.setTimeout(60_000);

const table = () => screen.getByRole('region', { name: 'Pairs' });

it('renders the first 50 pairs at once and the rest on request, in steps', async () => {
  renderScreen(<PairsPage />, '/admin/pairs?cohort=current', '/admin/pairs');
  expect(await screen.findByText('The first 50 of 130 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(50);

  await userEvent.click(screen.getByRole('button', { name: 'Show 80 more of 80' }));
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(130);
  expect(screen.getByText('130 pairs')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /more of/ })).not.toBeInTheDocument();
});

it('filters every pair, not only those on screen, and starts the shown rows again', async () => {
  renderScreen(<PairsPage />, '/admin/pairs?cohort=current', '/admin/pairs');
  await screen.findByText('The first 50 of 130 pairs');
  await userEvent.click(screen.getByRole('button', { name: 'Show 80 more of 80' }));
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'on-track');
  expect(await screen.findByText('The first 50 of 100 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(50);
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'needs-check-in');
  expect(await screen.findByText('30 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(30);
});
