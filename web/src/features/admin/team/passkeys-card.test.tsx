/**
 * The account page's passkeys in jsdom (the API and the WebAuthn ceremony replaced): the list
 * says what each passkey is and when it was used; the only one cannot be removed, and the page
 * says why; Remove asks first, then for a fresh passkey answer, then removes, and the list is
 * read again.
 */
import type { OwnPasskey } from '@mentorship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast } from '../../../components/ui/toaster';
import { renderScreen } from '../../../test/render';
import { PasskeysCard } from './passkeys-card';

jest.mock('../../../components/ui/toaster', () => ({ showToast: jest.fn() }));
jest.mock('../login/passkey', () => ({ addPasskey: jest.fn(), authenticatorProblem: () => null }));
let mockPasskeys: OwnPasskey[] = [];
const mockRemove = jest.fn();
jest.mock('../api/account-security', () => ({
  getOwnPasskeys: () => Promise.resolve({ passkeys: mockPasskeys }),
  removeOwnPasskey: (id: string) => mockRemove(id) as Promise<unknown>,
}));

const laptop: OwnPasskey = {
  id: 'laptop-id',
  addedAt: '2026-11-02T09:00:00.000Z',
  lastUsedAt: '2026-12-07T08:30:00.000Z',
  transports: ['internal'],
  current: true,
};
const phone: OwnPasskey = {
  id: 'phone-id',
  addedAt: '2026-11-20T18:00:00.000Z',
  lastUsedAt: null,
  transports: ['hybrid'],
  current: false,
};

beforeEach(() => jest.clearAllMocks());

it('lists the only passkey, and its Remove is disabled with the reason', async () => {
  mockPasskeys = [laptop];
  renderScreen(<PasskeysCard fresh={{ ensure: jest.fn() }} />);
  const item = await screen.findByRole('listitem');
  expect(item).toHaveTextContent('Passkey 1: Built into a device (confirmed this sign-in)');
  expect(item).toHaveTextContent(/Added Nov 2, 2026.*; last used Dec 7, 2026/);
  const remove = within(item).getByRole('button', {
    name: /^Remove passkey 1 \(built into a device, added Nov 2, 2026/,
  });
  expect(remove).toBeDisabled();
  expect(remove).toHaveAccessibleDescription(
    'Your only passkey cannot be removed: add another one first.',
  );
});

it('removes a passkey after the confirmation and a fresh answer, then reads the list again', async () => {
  mockPasskeys = [laptop, phone];
  const order: string[] = [];
  const ensure = jest.fn(() => {
    order.push('fresh answer');
    return Promise.resolve();
  });
  mockRemove.mockImplementation((id: string) => {
    order.push(`remove ${id}`);
    mockPasskeys = [laptop];
    return Promise.resolve({ message: 'Passkey removed.' });
  });
  renderScreen(<PasskeysCard fresh={{ ensure }} />);
  const items = await screen.findAllByRole('listitem');
  expect(items[1]).toHaveTextContent('last used never');
  await userEvent.click(
    within(items[1]!).getByRole('button', { name: /^Remove passkey 2 \(on a phone/ }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove Passkey' });
  expect(dialog).toHaveTextContent(/Remove passkey 2 \(on a phone, added Nov 20, 2026/);
  expect(order).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(order).toEqual(['fresh answer', 'remove phone-id']);
  expect(showToast).toHaveBeenCalledWith(
    { title: 'Passkey Removed', description: 'Passkey removed.' },
    'success',
  );
});
