/**
 * The cohort report in jsdom: the API's figures (adminRequest replaced) become the summary, the
 * figure cards and each chart's data table; choosing another cohort asks for that cohort.
 */
import type { CohortFigures } from '@mentorship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/render';
import ReportsPage from './reports-page';

jest.mock('../../../lib/firebase', () => ({ auth: {} }));
const mockPaths: string[] = [];
jest.mock('../../../lib/admin-request', () => ({
  adminRequest: (path: string) => {
    mockPaths.push(path);
    return Promise.resolve(mockAnswer(path));
  },
}));

const figures = (id: string, name: string, extra: Partial<CohortFigures> = {}): CohortFigures => ({
  cohortId: id,
  cohortName: name,
  programStart: '2027-03-01',
  programEnd: '2027-06-30',
  pairsMade: 4,
  sessionsHeld: 8,
  pairsCompleted: 2,
  completionRate: 0.5,
  rematches: 2,
  rematchReasons: {
    'goals-met': 0,
    'not-a-good-fit': 0,
    unresponsive: 1,
    'left-the-program': 0,
    other: 1,
  },
  checkInRatings: 3,
  averageCheckInRating: 3,
  surveyAnswers: 2,
  averageSurveyRating: 4.5,
  wouldRecommendRate: 0.5,
  ...extra,
});

function mockAnswer(path: string) {
  const cohorts = [
    { id: 'fall', name: 'Fall 2027' },
    { id: 'spring', name: 'Spring 2027' },
  ];
  if (path.endsWith('cohort=spring')) {
    return { cohorts, report: { cohort: figures('spring', 'Spring 2027'), earlier: [] } };
  }
  return {
    cohorts,
    report: {
      cohort: figures('fall', 'Fall 2027', { pairsMade: 1, pairsCompleted: 1, completionRate: 1 }),
      earlier: [figures('spring', 'Spring 2027')],
    },
  };
}

it('shows the figures with a table per chart, and asks for the cohort chosen', async () => {
  renderScreen(<ReportsPage />, '/admin/reports');
  const summary = await screen.findByTestId('report-summary');
  expect(summary).toHaveTextContent(
    'Fall 2027: 1 pair made, 8 sessions held, 1 pair completed (100%), 2 re-matches.',
  );
  expect(summary).toHaveTextContent('Compared with 1 earlier cohort.');
  const completion = screen.getByRole('table', { name: 'Completion rate by cohort: the data' });
  expect(within(completion).getByRole('row', { name: /Spring 2027/ })).toHaveTextContent(
    'Spring 20274250%',
  );
  expect(within(completion).getByRole('row', { name: /Fall 2027/ })).toHaveTextContent(
    'Fall 202711100%',
  );
  const reasons = screen.getByRole('table', { name: /Re-matches by reason, Fall 2027/ });
  expect(within(reasons).getByRole('row', { name: /Unresponsive/ })).toHaveTextContent('1');
  expect(mockPaths).toEqual(['/api/admin/reports']);

  await userEvent.selectOptions(screen.getByLabelText('Cohort'), 'spring');
  await waitFor(() =>
    expect(screen.getByTestId('report-summary')).toHaveTextContent('Spring 2027: 4 pairs made'),
  );
  expect(mockPaths).toContain('/api/admin/reports?cohort=spring');
  expect(screen.getByTestId('report-summary')).toHaveTextContent(
    'There is no earlier cohort to compare with.',
  );
});
