/**
 * The proposal's summary names the mentors a cohort's setting left out (the orientation required
 * and not attended), with the reason, so a coordinator sees why they are missing; with
 * none left out, it says nothing of them.
 */
import {
  PROGRAM_EVENT_MESSAGES,
  UNMATCHED_REASONS,
  type ProposalResponse,
  type UnmatchedReason,
} from '@mentorship/domain';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render';
import { UnmatchedSummary } from './unmatched-summary';

const proposal = (extra: Partial<ProposalResponse> = {}): ProposalResponse => ({
  pairs: [],
  unmatched: [],
  summary: {
    studentCount: 0,
    mentorCount: 0,
    freePlaces: 0,
    freePlacesLeft: 0,
    pairCount: 0,
    totalScore: 0,
    unmatchedByReason: Object.fromEntries(UNMATCHED_REASONS.map((r) => [r, 0])) as Record<
      UnmatchedReason,
      number
    >,
  },
  generatedAt: '2026-11-26T00:00:00.000Z',
  ...extra,
});

it('names each mentor left out, with the reason', () => {
  renderScreen(
    <UnmatchedSummary
      proposal={proposal({
        mentorsLeftOut: [
          {
            mentorId: 'm1',
            mentorName: 'Ada Mentor',
            reason: PROGRAM_EVENT_MESSAGES.orientationRequired,
          },
          {
            mentorId: 'm2',
            mentorName: 'Bo Mentor',
            reason: PROGRAM_EVENT_MESSAGES.orientationRequired,
          },
        ],
      })}
    />,
  );
  expect(screen.getByText('2 mentors not in this proposal:')).toBeInTheDocument();
  expect(
    screen.getByText(`Ada Mentor – ${PROGRAM_EVENT_MESSAGES.orientationRequired}`),
  ).toBeInTheDocument();
  expect(screen.getByText(/^Bo Mentor – /)).toBeInTheDocument();
});

it('says nothing of mentors when none was left out', () => {
  renderScreen(<UnmatchedSummary proposal={proposal()} />);
  expect(
    screen.getByText('Every student waiting for a mentor has a proposed match.'),
  ).toBeInTheDocument();
  expect(screen.queryByTestId('mentors-left-out')).not.toBeInTheDocument();
});
