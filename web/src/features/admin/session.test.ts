/**
 * A sign-out gives the person the reason that started it. Ending the session on the server makes
 * the open page's listeners fail while the sign-out is still under way; their own sign-out must
 * not replace the first reason (a slow machine's browser test showed "your session has ended"
 * where "12 hours" was owed).
 */
import { signOut } from 'firebase/auth';
import { apiRequest } from '../../lib/api-client';
import { signOutReason, signOutWithReason } from './session';

jest.mock('../../lib/firebase', () => ({
  auth: { currentUser: { getIdToken: () => Promise.resolve('token') } },
}));
jest.mock('../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('firebase/auth', () => ({ signOut: jest.fn(() => Promise.resolve()) }));

const endOnServer = jest.mocked(apiRequest);

it('keeps the first reason while the sign-out is under way, and signs out once', async () => {
  let answer: (value: unknown) => void = () => undefined;
  endOnServer.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));

  const first = signOutWithReason('expired');
  const second = signOutWithReason('session-ended');
  expect(signOutReason()).toBe('expired');
  answer({});
  await Promise.all([first, second]);

  expect(signOutReason()).toBe('expired');
  expect(window.localStorage.getItem('admin.signOutReason')).toBe('expired');
  expect(endOnServer).toHaveBeenCalledTimes(1);
  expect(signOut).toHaveBeenCalledTimes(1);
});

it('takes a new reason once the earlier sign-out is done', async () => {
  endOnServer.mockResolvedValueOnce({});
  await signOutWithReason('removed');
  expect(signOutReason()).toBe('removed');
});
