/**
 * The cohort scope of the admin pages: a cohort named in the address is used at once, so the
 * page's own reads do not wait for the list of cohorts; a name the list does not hold gives way
 * to the current cohort once the list is in. Only the cohorts read is replaced.
 */
import type { CohortsResponse } from '@mentorship/domain';
import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render';
import { CohortScope } from './cohort-scope';

let answer: (value: CohortsResponse) => void = () => undefined;
jest.mock('../../../lib/cohorts-api', () => {
  const { useQuery } = jest.requireActual('@tanstack/react-query');
  return {
    useCohorts: () =>
      useQuery({
        queryKey: ['admin', 'cohorts'],
        queryFn: () =>
          new Promise<CohortsResponse>((resolve) => {
            answer = resolve;
          }),
      }),
  };
});

const COHORTS: CohortsResponse = {
  cohorts: [
    {
      id: 'spring',
      name: 'Spring 2027',
      phase: 'applications-open',
    } as CohortsResponse['cohorts'][number],
    { id: 'fall', name: 'Fall 2026', phase: 'running' } as CohortsResponse['cohorts'][number],
  ],
  currentId: 'spring',
};

const Page = () => <CohortScope>{(id) => <p data-testid="scoped">{id}</p>}</CohortScope>;

it('shows the page of the cohort the address names before the list of cohorts is in', async () => {
  renderScreen(<Page />, '/admin/pairs?cohort=fall', '/admin/pairs');
  expect(await screen.findByTestId('scoped')).toHaveTextContent('fall');
  expect(screen.getByLabelText('Cohort')).toHaveDisplayValue('Loading cohorts…');
  expect(screen.getByLabelText('Cohort')).toHaveAttribute('aria-busy', 'true');
  await act(async () => answer(COHORTS));
  expect(await screen.findByDisplayValue('Fall 2026 (Running)')).toBe(
    screen.getByLabelText('Cohort'),
  );
  expect(screen.getByTestId('scoped')).toHaveTextContent('fall');
  expect(screen.getByLabelText('Cohort')).toHaveAttribute('aria-busy', 'false');
});

it('gives way to the current cohort when the address names one the list does not hold', async () => {
  renderScreen(<Page />, '/admin/pairs?cohort=gone', '/admin/pairs');
  expect(await screen.findByTestId('scoped')).toHaveTextContent('gone');
  await act(async () => answer(COHORTS));
  expect(await screen.findByDisplayValue('Spring 2027 (Applications open, current)')).toBe(
    screen.getByLabelText('Cohort'),
  );
  expect(screen.getByTestId('scoped')).toHaveTextContent('spring');
});

it('waits for the list when the address names no cohort', async () => {
  renderScreen(<Page />, '/admin/pairs', '/admin/pairs');
  expect(await screen.findByText('Loading cohorts…', { selector: 'option' })).toBeInTheDocument();
  expect(screen.queryByTestId('scoped')).not.toBeInTheDocument();
  await act(async () => answer(COHORTS));
  expect(await screen.findByTestId('scoped')).toHaveTextContent('spring');
});
