/**
 * Undelivered e-mail in jsdom: the page lists who, which moment, why and since when,
 * never the message; "Send again" posts for a failed message only; the dashboard's count and the
 * person page's notice appear only when something did not go out.
 */
import {
  MAIL_FAILURE_TEXT,
  outboxPaths,
  type UndeliveredMail,
  type UndeliveredMailResponse,
} from '@mentorship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast } from '../../../components/ui/toaster';
import { renderScreen } from '../../../test/render';
import { PersonMailNotice } from './person-mail-notice';
import { UndeliveredMailCount } from './undelivered-count';
import UndeliveredPage from './undelivered-page';

jest.mock('../../../components/ui/toaster', () => ({ showToast: jest.fn() }));
const mockShowToast = jest.mocked(showToast);

const mockCalls: { path: string; method: string }[] = [];
let mockList: UndeliveredMailResponse;
jest.mock('../../../lib/admin-request', () => ({
  adminRequest: async (path: string, options: { method?: string } = {}) => {
    mockCalls.push({ path, method: options.method ?? 'GET' });
    if (options.method === 'POST') {
      // The original leaves the list once sent again (as the API answers).
      const id = decodeURIComponent(path.split('/').at(-2) ?? '');
      mockList = { ...mockList, messages: mockList.messages.filter((m) => m.id !== id) };
      return { id: 'copy1' };
    }
    const subject = new URL(path, 'http://x').searchParams.get('subject');
    const messages = mockList.messages.filter((m) => !subject || m.subjectId === subject);
    return {
      messages,
      failed: messages.filter((m) => m.status === 'failed').length,
      waiting: messages.filter((m) => m.status === 'waiting').length,
    };
  },
}));

const failed: UndeliveredMail = {
  id: 'm1',
  kind: 'application-received',
  subjectId: 's1',
  person: { kind: 'student', id: 's1' },
  to: ['ana@uni.example.edu'],
  status: 'failed',
  failure: 'permanent',
  serverAnswer: '550: Recipient command failed: 550 5.1.1 No such mailbox here',
  since: '2026-11-20T10:00:00.000Z',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const waiting: UndeliveredMail = {
  ...failed,
  id: 'm2',
  kind: 'check-in',
  subjectId: 'a1',
  person: null,
  to: ['max@mentors.example.com'],
  status: 'waiting',
  failure: 'unreachable',
  serverAnswer: 'ECONNREFUSED: connect ECONNREFUSED',
  attempts: 4,
  nextAttemptAt: '2026-11-20T10:30:00.000Z',
};

beforeEach(() => {
  mockCalls.length = 0;
  mockShowToast.mockReset();
  mockList = { messages: [failed, waiting], failed: 1, waiting: 1 };
});

it('lists each message with who, which moment, why and since when; sends a failed one again', async () => {
  renderScreen(<UndeliveredPage />, '/admin/mail');
  const rows = await screen.findAllByTestId('undelivered-row');
  expect(rows).toHaveLength(2);
  const first = within(rows[0]!);
  expect(first.getByText('Application received (confirmation link)')).toBeInTheDocument();
  expect(first.getByText('ana@uni.example.edu')).toBeInTheDocument();
  expect(first.getByText('Not delivered')).toBeInTheDocument();
  expect(first.getByText(MAIL_FAILURE_TEXT.permanent)).toBeInTheDocument();
  expect(first.getByRole('link', { name: 'this student' })).toHaveAttribute(
    'href',
    '/admin/students/s1',
  );
  const second = within(rows[1]!);
  expect(second.getByText('Waiting')).toBeInTheDocument();
  // Only a failed message can be sent again (a waiting one is retried by itself).
  expect(second.queryByRole('button', { name: /send again/i })).toBeNull();

  await userEvent.click(
    first.getByRole('button', {
      name: 'Send again: Application received (confirmation link) to ana@uni.example.edu',
    }),
  );
  await waitFor(() =>
    expect(mockCalls.filter((c) => c.method === 'POST')).toEqual([
      { path: outboxPaths.resend('m1'), method: 'POST' },
    ]),
  );
  await waitFor(() =>
    expect(mockShowToast).toHaveBeenCalledWith({ title: 'E-mail sent again' }, 'success'),
  );
  // The list is asked again: the row is gone (and the toast came although it unmounted).
  await waitFor(() => expect(screen.getAllByTestId('undelivered-row')).toHaveLength(1));
});

it('says when every e-mail went out', async () => {
  mockList = { messages: [], failed: 0, waiting: 0 };
  renderScreen(<UndeliveredPage />, '/admin/mail');
  expect(await screen.findByText('Every e-mail went out.')).toBeInTheDocument();
});

it('the dashboard count: the numbers and a link, or nothing at all', async () => {
  const { unmount } = renderScreen(<UndeliveredMailCount />);
  expect(
    await screen.findByText('1 e-mail not delivered, 1 e-mail waiting to be retried'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See undelivered e-mail' })).toHaveAttribute(
    'href',
    '/admin/mail',
  );
  unmount();
  mockList = { messages: [], failed: 0, waiting: 0 };
  renderScreen(<UndeliveredMailCount />);
  await waitFor(() => expect(mockCalls.length).toBeGreaterThan(1));
  expect(screen.queryByTestId('undelivered-count')).toBeNull();
});

it("the person page's notice: an applicant whose confirmation bounced is marked", async () => {
  renderScreen(<PersonMailNotice recordId="s1" />);
  expect(await screen.findByText('An e-mail to this person was not delivered')).toBeInTheDocument();
  expect(
    screen.getByText(
      new RegExp(
        `^Application received \\(confirmation link\\): ${MAIL_FAILURE_TEXT.permanent.replace(/[.()]/g, '\\$&')}`,
      ),
    ),
  ).toBeInTheDocument();
  expect(mockCalls).toContainEqual({
    path: `${outboxPaths.undelivered}?subject=s1`,
    method: 'GET',
  });
});
