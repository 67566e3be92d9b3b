/**
 * The e-mailed link's page when the sign-in is refused: a coordinator's address gets Firebase's
 * refusal (a blocking function) as a message saying where coordinators sign in; any other failure
 * the usual "this link cannot be used".
 */
import { SESSION_MESSAGES } from '@mentorship/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import SignInPage from './sign-in-page';

const mockSignIn = jest.fn();
jest.mock('./my-application-api', () => ({
  isSignInLink: () => true,
  signInWithLink: (...args: unknown[]) => mockSignIn(...args) as Promise<unknown>,
}));
jest.mock('./check-form', () => ({ CheckApplicationForm: () => null }));
jest.mock('../../lib/sign-in-email', () => ({ rememberedSignInEmail: () => 'ada@example.org' }));

async function confirm() {
  renderScreen(<SignInPage />, '/sign-in');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
  return screen.findByRole('alert');
}

it("says where coordinators sign in when Firebase refuses a coordinator's link", async () => {
  mockSignIn.mockRejectedValueOnce(
    new Error(
      `Firebase: HTTP Cloud Function returned an error: {"error":{"message":"${SESSION_MESSAGES.emailLinkRefused}","status":"PERMISSION_DENIED"}} (auth/internal-error).`,
    ),
  );
  expect(await confirm()).toHaveTextContent(SESSION_MESSAGES.emailLinkRefused);
});

it('says the link cannot be used for any other failure', async () => {
  mockSignIn.mockRejectedValueOnce(new Error('Firebase: Error (auth/invalid-action-code).'));
  expect(await confirm()).toHaveTextContent(/This link cannot be used/);
});
