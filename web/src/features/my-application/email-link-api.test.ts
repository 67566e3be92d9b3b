/**
 * The link keys this browser keeps: "Check my application" sends the address's key (the address
 * as typed, whatever its case), and no key for an address never signed in here.
 */
import { apiRequest } from '../../lib/api-client';
import { linkKeyFor, rememberLinkKey } from '../../lib/sign-in-email';
import { askForSignInLink } from './email-link-api';

jest.mock('../../lib/api-client', () => ({
  apiRequest: jest.fn(() => Promise.resolve({ message: 'ok' })),
}));

beforeEach(() => window.localStorage.clear());

it('keeps a key per address, and "Check my application" sends it', async () => {
  rememberLinkKey('Ada@Example.org', 'key-of-ada');
  rememberLinkKey('bob@example.org', 'key-of-bob');
  expect(linkKeyFor(' ada@example.org ')).toBe('key-of-ada');
  await askForSignInLink('ADA@example.org');
  expect(apiRequest).toHaveBeenLastCalledWith(expect.any(String), {
    method: 'POST',
    body: { email: 'ADA@example.org', key: 'key-of-ada' },
  });
  await askForSignInLink('carol@example.org');
  expect(apiRequest).toHaveBeenLastCalledWith(expect.any(String), {
    method: 'POST',
    body: { email: 'carol@example.org' },
  });
});

it('reads garbled storage as no keys', () => {
  window.localStorage.setItem('mentorship.link-keys', '{not json');
  expect(linkKeyFor('ada@example.org')).toBeUndefined();
});
