/**
 * The check-in page in jsdom: a mail scanner's headless browser loads the page a
 * button opens; loading it must record nothing. The page reads the check-in, shows the answer the
 * button chose, and records it only on the person's click, the token always in the POST body.
 */
import type { CheckInView } from '@mentorship/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import CheckInPage from './check-in-page';

const TOKEN = 'Q'.repeat(20) + 'w'.repeat(23);
const mockCalls: { path: string; method: string; body: unknown }[] = [];
let mockAnswer: CheckInView['answer'] = null;

jest.mock('../../lib/api-client', () => ({
  ApiRequestError: class extends Error {},
  messageOf: (error: unknown) => String(error),
  apiRequest: (path: string, options: { method?: string; body?: { answer?: string } } = {}) => {
    mockCalls.push({ path, method: options.method ?? 'GET', body: options.body });
    if (options.body?.answer) mockAnswer = options.body.answer as CheckInView['answer'];
    const view: CheckInView = {
      role: 'student',
      month: 2,
      firstName: 'Ada',
      partnerName: 'Bo Mentor',
      answer: mockAnswer,
      heldOn: null,
      rating: null,
      note: null,
      fit: null,
      askFit: false,
      closed: false,
    };
    return Promise.resolve(view);
  },
}));

beforeEach(() => {
  mockCalls.length = 0;
  mockAnswer = null;
});

const answers = () =>
  mockCalls.filter((c) => (c.body as { answer?: string } | undefined)?.answer !== undefined);

it.each([
  ['the fragment', `/my-application/check-in?answer=met#token=${TOKEN}`],
  ['the query of an older link', `/my-application/check-in?token=${TOKEN}&answer=met`],
])(
  'records nothing when the page loads (token in %s), and the answer on the click',
  async (_where, path) => {
    renderScreen(<CheckInPage />, path, '/my-application/check-in');
    expect(await screen.findByText(/no answer saved yet/)).toBeInTheDocument();
    expect(screen.getByText(/You chose:/)).toHaveTextContent('You chose: We met.');
    // Loaded, scripts run, no click: nothing answered; the token never went into a path.
    expect(answers()).toEqual([]);
    expect(mockCalls.every((c) => c.method === 'POST' && !c.path.includes(TOKEN))).toBe(true);
    expect(mockCalls.map((c) => c.body)).toEqual([{ token: TOKEN }]);

    await userEvent.click(screen.getByRole('button', { name: 'Save my answer: We met' }));
    expect(
      await screen.findByText(/Your answer for month 2 is saved: We met\./),
    ).toBeInTheDocument();
    expect(answers()).toEqual([
      { path: '/api/check-ins/answer', method: 'POST', body: { token: TOKEN, answer: 'met' } },
    ]);
  },
);
