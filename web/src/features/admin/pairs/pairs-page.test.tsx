/**
 * The Pairs page with a large cohort: the first rows are on screen at once, the
 * rest come on request, in steps, and the counts and filter still cover every pair. Only the
 * network is replaced (adminRequest answers as the API would).
 */
import {
  PAIR_LIST_PAGE,
  type PairHealthRow,
  type PairListFilter,
  type PairsResponse,
} from '@mentorship/domain';
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

// 130 running pairs (100 on track, 30 needing a check-in) and 3 ended, served as the API
// serves them: a page of PAIR_LIST_PAGE at a time for the filter asked for, with the counts.
const running = Array.from({ length: 130 }, (_, n) =>
  row(n, n < 30 ? 'needs-check-in' : 'on-track'),
);
const ended = Array.from({ length: 3 }, (_, n) => ({ ...row(200 + n, 'on-track'), active: false }));
const asked: string[] = [];

function serve(path: string): PairsResponse {
  asked.push(path);
  const query = new URLSearchParams(path.split('?')[1]);
  const show = (query.get('show') ?? 'all') as PairListFilter;
  const all =
    show === 'all' ? running : show === 'ended' ? ended : running.filter((r) => r.state === show);
  const from = Number(query.get('after') ?? 0);
  const page = all.slice(from, from + PAIR_LIST_PAGE);
  return {
    today: '2026-11-25',
    show,
    pairs: page,
    counts: { 'at-risk': 0, 'needs-check-in': 30, 'on-track': 100 },
    ended: ended.length,
    total: all.length,
    next: from + PAIR_LIST_PAGE < all.length ? String(from + PAIR_LIST_PAGE) : null,
  };
}

jest.mock('../../../lib/admin-request', () => ({
  adminRequest: (path: string) => {
    if (!path.includes('preview')) return Promise.resolve(serve(path));
    asked.push(path);
    return Promise.resolve({ days: [] });
  },
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

it('opens with the first page and the counts of every pair; the next pages come on request', async () => {
  renderScreen(<PairsPage />, '/admin/pairs?cohort=current', '/admin/pairs');
  expect(await screen.findByText('The first 50 of 130 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(50);
  expect(screen.getByTestId('pairs-count-on-track')).toHaveTextContent('100');
  expect(screen.getByTestId('pairs-count-ended')).toHaveTextContent('3');

  await userEvent.click(screen.getByRole('button', { name: 'Show 50 more of 80' }));
  expect(await screen.findByText('The first 100 of 130 pairs')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show 30 more of 30' }));
  expect(await screen.findByText('130 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(130);
  expect(screen.queryByRole('button', { name: /more of/ })).not.toBeInTheDocument();
  // Each page asked for once, after the one before it.
  const pages = asked.filter((p) => p.includes('show=all'));
  expect(pages.map((p) => new URLSearchParams(p.split('?')[1]).get('after'))).toEqual([
    null,
    '50',
    '100',
  ]);
});

it('asks the server for the filter chosen, keeping the filter on screen while it loads', async () => {
  renderScreen(<PairsPage />, '/admin/pairs?cohort=current', '/admin/pairs');
  await screen.findByText('The first 50 of 130 pairs');
  const filter = screen.getByLabelText('Show');
  await userEvent.selectOptions(filter, 'on-track');
  expect(await screen.findByText('The first 50 of 100 pairs')).toBeInTheDocument();
  expect(screen.getByLabelText('Show')).toBe(filter);
  expect(asked.at(-1)).toContain('show=on-track');
  await userEvent.selectOptions(filter, 'needs-check-in');
  expect(await screen.findByText('30 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-row')).toHaveLength(30);
  await userEvent.selectOptions(filter, 'ended');
  expect(await screen.findByText('3 pairs')).toBeInTheDocument();
  expect(within(table()).getAllByTestId('pair-state')[0]).toHaveTextContent('Ended');
});

it('reads what goes out in the next 14 days only when asked (it reads every running pair)', async () => {
  renderScreen(<PairsPage />, '/admin/pairs?cohort=current', '/admin/pairs');
  await screen.findByText('The first 50 of 130 pairs');
  expect(asked.filter((p) => p.includes('preview'))).toEqual([]);
  const toggle = screen.getByRole('button', { name: 'Show what goes out' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(await screen.findByText('Nothing is due in the next 14 days.')).toBeInTheDocument();
  expect(asked.filter((p) => p.includes('preview'))).toHaveLength(1);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveTextContent('Hide what goes out');
  expect(toggle).toHaveFocus();
});
