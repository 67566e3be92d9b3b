/**
 * A sign-out gives the person the reason that started it. Ending the session on the server makes
 * the open page's listeners fail while the sign-out is still under way, in this tab and in the
 * browser's other admin tabs; their own sign-out must not replace the first reason (a slow
 * machine's browser tests showed "your session has ended" where "12 hours", or "you have been
 * signed out" in another tab, was owed).
 */
import { signOut } from 'firebase/auth';
import { apiRequest } from '../../lib/api-client';
import { clearSignOutReason, sharedReason, signOutReason, signOutWithReason } from './session';

jest.mock('../../lib/firebase', () => ({
  auth: { currentUser: { getIdToken: () => Promise.resolve('token') } },
}));
jest.mock('../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('firebase/auth', () => ({ signOut: jest.fn(() => Promise.resolve()) }));

const endOnServer = jest.mocked(apiRequest);

beforeEach(() => clearSignOutReason());

it('keeps the first reason while the sign-out is under way, and signs out once', async () => {
  let answer: (value: unknown) => void = () => undefined;
  endOnServer.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));

  const first = signOutWithReason('expired');
  const second = signOutWithReason('session-ended');
  expect(signOutReason()).toBe('expired');
  answer({});
  await Promise.all([first, second]);

  expect(signOutReason()).toBe('expired');
  expect(sharedReason()).toBe('expired');
  expect(endOnServer).toHaveBeenCalledTimes(1);
  expect(signOut).toHaveBeenCalledTimes(1);
});

it('takes a new reason once the earlier sign-out is done', async () => {
  endOnServer.mockResolvedValueOnce({});
  await signOutWithReason('removed');
  expect(signOutReason()).toBe('removed');
});

it("gives another tab's reason when its sign-out just ended this tab's session too", async () => {
  // Another tab signed out a moment ago (its reason is in the browser's storage).
  window.localStorage.setItem(
    'admin.signOutReason',
    JSON.stringify({ reason: 'logged-out', at: Date.now() - 2_000 }),
  );
  endOnServer.mockResolvedValueOnce({});
  await signOutWithReason('session-ended');
  expect(signOutReason()).toBe('logged-out');

  // One from long ago explains nothing now.
  clearSignOutReason();
  window.localStorage.setItem(
    'admin.signOutReason',
    JSON.stringify({ reason: 'logged-out', at: Date.now() - 3_600_000 }),
  );
  endOnServer.mockResolvedValueOnce({});
  await signOutWithReason('idle');
  expect(signOutReason()).toBe('idle');
  expect(sharedReason()).toBe('idle');
});
