/**
 * The sign-in's prefetch (prefetch.ts): a returning coordinator's browser asks for the newest rows
 * of the cohort that was current last time while the cohorts are read, and lets those listeners
 * go at once when the fresh read says another cohort is current. The cohorts read and the
 * listeners are replaced here (they are Firestore's); the order of the calls is what is tested.
 */
import { QueryClient } from '@tanstack/react-query';
import type { CohortsResponse, CurrentStats } from '@mentorship/domain';
import { prefetchDashboard } from './prefetch';

const mockLog: string[] = [];
let mockCohorts: (() => Promise<CohortsResponse>) | undefined;

jest.mock('../../../lib/cohorts-api', () => ({
  cohortsQuery: () => ({
    queryKey: ['admin', 'cohorts'],
    queryFn: () => {
      mockLog.push('cohorts read');
      return mockCohorts?.() ?? Promise.reject(new Error('no cohorts in this test'));
    },
  }),
}));
jest.mock('../api/live-lists', () => ({
  warmFirstPages: (cohortId: string) => mockLog.push(`warm ${cohortId}`),
  stopWarmFirstPages: (cohortId: string) => mockLog.push(`stop ${cohortId}`),
}));
jest.mock('../../../lib/admin-request', () => ({
  adminRequest: () => Promise.reject(new Error('no request expected')),
}));

const KEY = 'mentorship.admin.lastCurrentCohort';
const answer = (currentId: string): CohortsResponse => ({ cohorts: [], currentId });
const stats: Promise<CurrentStats> = new Promise(() => undefined);

beforeEach(() => {
  mockLog.length = 0;
  window.localStorage.clear();
});

it('on a first sign-in: reads the cohorts, then warms the current one and remembers it', async () => {
  mockCohorts = () => Promise.resolve(answer('fall-2026'));
  await prefetchDashboard(new QueryClient(), stats);
  expect(mockLog).toEqual(['cohorts read', 'warm fall-2026']);
  expect(window.localStorage.getItem(KEY)).toBe('fall-2026');
});

it('when the remembered cohort is still current: its rows are asked for before the cohorts answer', async () => {
  window.localStorage.setItem(KEY, 'fall-2026');
  let release: (value: CohortsResponse) => void = () => undefined;
  mockCohorts = () => new Promise((resolve) => (release = resolve));
  const done = prefetchDashboard(new QueryClient(), stats);
  await Promise.resolve();
  expect(mockLog).toEqual(['warm fall-2026', 'cohorts read']);
  release(answer('fall-2026'));
  await done;
  expect(mockLog).toEqual(['warm fall-2026', 'cohorts read', 'warm fall-2026']);
  expect(mockLog).not.toContain('stop fall-2026');
});

it('when another cohort is current now: the guessed listeners stop and the new cohort is warmed', async () => {
  window.localStorage.setItem(KEY, 'summer-2026');
  mockCohorts = () => Promise.resolve(answer('fall-2026'));
  await prefetchDashboard(new QueryClient(), stats);
  expect(mockLog).toEqual([
    'warm summer-2026',
    'cohorts read',
    'stop summer-2026',
    'warm fall-2026',
  ]);
  expect(window.localStorage.getItem(KEY)).toBe('fall-2026');
});
