import { ChakraProvider } from '@chakra-ui/react';
import { COHORT_DATES, cohortDatesText, cohortPaths, type PublicCohorts } from '@mentorship/domain';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { system } from '../../../app/theme';
import { BuiltCohortsProvider, CohortDates } from './cohort-dates';

const open: Pick<PublicCohorts, 'open' | 'next'> = {
  open: {
    id: 'fall-2027',
    name: 'Fall 2027',
    applicationsClose: '2027-09-15',
    programStart: '2027-10-13',
  },
  next: null,
};
const next: Pick<PublicCohorts, 'open' | 'next'> = {
  open: null,
  next: {
    id: 'spring-2028',
    name: 'Spring 2028',
    applicationsOpen: '2027-11-01',
    programStart: '2028-01-20',
  },
};

const answering = (answer: Pick<PublicCohorts, 'open' | 'next'>) =>
  jest.fn().mockResolvedValue({
    ok: true,
    status: 200,
    text: async () => JSON.stringify({ ...answer, notice: '', dates: cohortDatesText(answer) }),
  });

const withChakra = (node: React.ReactNode) => (
  <ChakraProvider value={system}>{node}</ChakraProvider>
);

describe('CohortDates', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('prerendered with the answer the build was given: its dates; given none: the neutral line', () => {
    expect(
      renderToString(
        withChakra(<BuiltCohortsProvider answer={open}>{<CohortDates />}</BuiltCohortsProvider>),
      ),
    ).toContain(
      'Applications for the Fall 2027 cohort are open until September 15, 2027. The cohort starts on October 13, 2027.',
    );
    expect(
      renderToString(
        withChakra(<BuiltCohortsProvider answer={null}>{<CohortDates />}</BuiltCohortsProvider>),
      ),
    ).toContain(COHORT_DATES.neutral);
  });

  it('starts from the line on the page (hydration changes nothing), then shows the records', async () => {
    global.fetch = answering(next);
    const line = document.createElement('p');
    line.setAttribute('data-cohort-dates', '');
    line.textContent = 'What the static script left';
    document.body.append(line);
    const { container } = render(withChakra(<CohortDates />));
    const own = container.querySelector('[data-cohort-dates]')!;
    expect(own).toHaveTextContent('What the static script left');
    expect(
      await screen.findByText(
        'Applications are closed right now. The next cohort, Spring 2028, opens for applications on November 1, 2027 and starts on January 20, 2028.',
      ),
    ).toBe(own);
    // The app's own from mount on (the static script leaves it alone), and never a live region.
    expect(own).toHaveAttribute('data-live');
    expect(own.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    expect(global.fetch).toHaveBeenCalledWith(cohortPaths.current, expect.anything());
  });

  it('a page the app renders later starts from the last answer, and keeps it when offline', async () => {
    global.fetch = answering(open);
    const first = render(withChakra(<CohortDates />));
    await screen.findByText(cohortDatesText(open));
    first.unmount();
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    const later = render(withChakra(<CohortDates />));
    const line = later.container.querySelector('[data-cohort-dates]');
    expect(line).toHaveTextContent(cohortDatesText(open));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(line).toHaveTextContent(cohortDatesText(open));
  });
});
