/**
 * "Recommend a classmate" on My application shows only to a participant: the server
 * says whether the form may show (`allowed`: in a pair, now or before); an applicant awaiting
 * review or a mentor awaiting their interview sees nothing of it. An invitation once sent stays
 * shown with its answer.
 */
import { RECOMMENDATION_MESSAGES, type MyRecommendation } from '@mentorship/domain';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../test/render';
import { RecommendClassmate } from './recommend-classmate';

let mockAnswer: MyRecommendation;
const mockRequest = jest.fn(() => Promise.resolve(mockAnswer));

jest.mock('../my-application/my-application-api', () => ({
  getMyRecommendation: () => mockRequest(),
  recommendClassmate: () => mockRequest(),
}));

beforeEach(() => mockRequest.mockClear());

const answered = async () => {
  await waitFor(() => expect(mockRequest).toHaveBeenCalledTimes(1));
  // The answer has been read and rendered (a settled promise, then React's update).
  await waitFor(() => expect(mockRequest.mock.results[0]?.type).toBe('return'));
  await Promise.resolve();
};

it('shows nothing to someone who is in no pair', async () => {
  mockAnswer = {
    state: null,
    allowed: false,
    at: null,
    message: RECOMMENDATION_MESSAGES.notParticipant,
  };
  const { container } = renderScreen(<RecommendClassmate />);
  await answered();
  expect(screen.queryByRole('heading', { name: 'Recommend a classmate' })).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(container.textContent).not.toContain(RECOMMENDATION_MESSAGES.notParticipant);
});

it('shows the form to a participant', async () => {
  mockAnswer = { state: null, allowed: true, at: null, message: RECOMMENDATION_MESSAGES.available };
  renderScreen(<RecommendClassmate />);
  expect(await screen.findByRole('heading', { name: 'Recommend a classmate' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: /Your classmate.s e-mail address/ })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Send the invitation' })).toBeVisible();
});

it('keeps showing an invitation once sent, without the form', async () => {
  mockAnswer = {
    state: 'sent',
    allowed: false,
    at: '2026-11-20T12:00:00.000Z',
    message: RECOMMENDATION_MESSAGES.sent,
  };
  renderScreen(<RecommendClassmate />);
  expect(await screen.findByText(RECOMMENDATION_MESSAGES.sent)).toBeVisible();
  expect(screen.queryByRole('textbox')).toBeNull();
});
