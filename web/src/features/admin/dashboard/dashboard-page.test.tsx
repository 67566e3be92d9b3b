/**
 * The dashboard's behaviour in jsdom, with the real hooks and query cache: only the network is
 * replaced (adminRequest answers from the arrays below, as the API would; the live lists are
 * those arrays, and a change to them reaches the dashboard as a Firestore listener's would) and
 * toasts are recorded at the toaster.
 */
import {
  apiPaths,
  bulkMessages,
  TOASTS,
  type PairRecord,
  type MentorListItem,
  type StudentListItem,
  type WorkProgressDoc,
} from '@mentorship/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '../../../lib/api-client';
import { showToast } from '../../../components/ui/toaster';
import { answerAdminRequests, type ApiCall } from '../../../test/fake-admin-api';
import { renderScreen } from '../../../test/render';
import DashboardPage from './dashboard-page';

jest.mock('../../../components/ui/toaster', () => ({ showToast: jest.fn() }));
const mockShowToast = jest.mocked(showToast);

let mockFail: ((call: ApiCall) => Error | undefined) | undefined;
jest.mock('../../../lib/admin-request', () => ({ adminRequest: jest.fn() }));
const mockCalls = answerAdminRequests(mockAnswer);

// No cohorts (Firestore in the app): the dashboard shows every row (scoping has tests of its own).
jest.mock('../../../lib/cohorts-api', () => ({
  useCohorts: () => ({ data: { cohorts: [], currentId: null }, isError: false }),
}));

// The live lists (Firestore listeners in the app): the arrays below, re-read on every change.
const mockListeners = new Set<() => void>();
let mockVersion = 0;
/** When set, the students list has only its newest rows in (the whole list is on the way). */
let mockPartialStudents: number | undefined;
/** When set, the students' listener has only a cache-only answer ('never': no server answer yet). */
let mockOfflineStudents: 'never' | 'lost' | undefined;
function mockChanged() {
  mockVersion += 1;
  for (const listener of mockListeners) listener();
}
function mockRowsOf(list: 'students' | 'mentors' | 'pairs'): unknown[] {
  return list === 'students' ? students : list === 'mentors' ? mentors : pairs;
}
jest.mock('../api/live-lists', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  return {
    useLiveList: (list: 'students' | 'mentors' | 'pairs') => {
      useSyncExternalStore(
        (listener: () => void) => {
          mockListeners.add(listener);
          return () => mockListeners.delete(listener);
        },
        () => mockVersion,
      );
      const rows = mockRowsOf(list);
      if (list === 'students' && mockOfflineStudents !== undefined) {
        return mockOfflineStudents === 'never'
          ? { rows: undefined, complete: false, error: undefined, offline: true }
          : { rows, complete: true, error: undefined, offline: true };
      }
      return list === 'students' && mockPartialStudents !== undefined
        ? { rows: rows.slice(0, mockPartialStudents), complete: false, error: undefined }
        : { rows, complete: true, error: undefined };
    },
  };
});

// The server's count of a bulk action (a Firestore listener in the app): set by a test while the
// action's answer is held back.
const PROGRESS_ID = 'AbCdEfGhIjKlMnOpQrSt';
const mockProgress = new Map<string, WorkProgressDoc>();
let mockProgressVersion = 0;
const mockProgressListeners = new Set<() => void>();
function mockSetProgress(id: string, doc: WorkProgressDoc) {
  mockProgress.set(id, doc);
  mockProgressVersion += 1;
  for (const listener of mockProgressListeners) listener();
}
jest.mock('../../../lib/work-progress', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  return {
    newProgressId: () => PROGRESS_ID,
    useWorkProgress: (id: string | null) => {
      useSyncExternalStore(
        (listener: () => void) => {
          mockProgressListeners.add(listener);
          return () => mockProgressListeners.delete(listener);
        },
        () => mockProgressVersion,
      );
      return id ? mockProgress.get(id) : undefined;
    },
  };
});
/** When set, the bulk status answer waits for it (the action is under way until then). */
let mockHoldBulk: Promise<void> | undefined;

/**
 * What each committed picture showed: the pressed filter and the names in the table (recorded
 * after every commit in which the table rendered), to tell a list that lags behind its filter.
 */
const mockPictures: { pressed: string | undefined; names: string[] }[] = [];

// jsdom lays nothing out, so a virtual table would show no rows: here the table renders every
// row (virtualisation itself is exercised by the browser tests and bench:admin).
jest.mock('../components/virtual-table', () => ({
  VirtualTable: function MockVirtualTable({
    label,
    rows,
    columns,
    rowKey,
    emptyText,
  }: {
    label: string;
    rows: unknown[];
    columns: { header: unknown; cell: (row: unknown) => unknown }[];
    rowKey: (row: unknown) => string;
    emptyText: string;
  }) {
    const { useLayoutEffect } = jest.requireActual<typeof import('react')>('react');
    useLayoutEffect(() => {
      mockPictures.push({
        pressed: document.querySelector('button[aria-pressed="true"]')?.textContent ?? undefined,
        names: (rows as { fullName?: string }[]).map((row) => row.fullName ?? ''),
      });
    });
    return rows.length === 0 ? (
      <p role="status">{emptyText}</p>
    ) : (
      <div role="region" aria-label={label}>
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, i) => (
                  <td key={i}>{column.cell(row) as React.ReactNode}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  },
}));

const at = '2026-01-01T00:00:00.000Z';
const student = (id: string, fullName: string, isActive = true): StudentListItem => ({
  id,
  fullName,
  emailAddress: `${id}@uni.example.edu`,
  universityName: 'State University',
  academicProgram: 'BSc',
  yearOfStudy: '2nd Year Undergraduate',
  isActive,
  cohortId: null,
  createdAt: at,
  preferredDisciplines: [],
  mentoringTopics: [],
  activePairId: null,
  reviewStatus: null,
});
const mentor = (id: string, fullName: string): MentorListItem => ({
  id,
  fullName,
  email: `${id}@corp.example.com`,
  company: 'Acme',
  currentJobTitle: 'Engineer',
  isActive: true,
  cohortId: null,
  createdAt: at,
  preferredDisciplines: [],
  mentoringTopics: [],
  capacity: 2,
  activeStudentCount: 1,
  reviewStatus: null,
});
const pair = (id: string, mentorName: string, studentName: string): PairRecord => ({
  id,
  mentorId: `${id}-m`,
  studentId: `${id}-s`,
  mentorName,
  studentName,
  isActive: true,
  cohortId: null,
  assignedAt: at,
  createdAt: at,
  updatedAt: at,
});

let students: StudentListItem[];
let mentors: MentorListItem[];
let pairs: PairRecord[];

async function mockAnswer(call: ApiCall): Promise<unknown> {
  const failure = mockFail?.(call);
  if (failure) throw failure;
  const path = call.path.split('?')[0];
  if (call.method === 'GET') {
    if (path === apiPaths.admin.stats) {
      return {
        totalStudents: students.length,
        totalMentors: mentors.length,
        activeStudents: students.filter((s) => s.isActive).length,
        activeMentors: mentors.length,
        totalAssignments: pairs.length,
        awaitingReview: [...students, ...mentors].filter((p) => p.reviewStatus === 'awaiting')
          .length,
      };
    }
  }
  if (call.method === 'PUT' && path?.endsWith('/review')) {
    return { id: 'x', reviewStatus: 'approved', isActive: true };
  }
  if (call.method === 'PUT' && path?.endsWith('/status')) {
    const { isActive } = call.body as { isActive: boolean };
    students = students.map((s) => (call.path.includes(`/${s.id}/`) ? { ...s, isActive } : s));
    mockChanged();
    return { id: 'x', isActive };
  }
  if (call.method === 'DELETE') return { message: 'Student deleted.', deletedPairs: 0 };
  if (path === apiPaths.admin.pairsBulkDelete) {
    const ids = (call.body as { assignmentIds: string[] }).assignmentIds;
    pairs = pairs.filter((a) => !ids.includes(a.id));
    mockChanged();
    return { message: bulkMessages.deleted(ids.length), deleted: ids.length };
  }
  if (path === apiPaths.admin.pairsBulkStatus) {
    const ids = (call.body as { assignmentIds: string[] }).assignmentIds;
    await mockHoldBulk;
    return { message: `Deactivated ${ids.length} pairs.`, updated: ids, failed: [] };
  }
  throw new Error(`unexpected call ${call.method} ${call.path}`);
}

beforeEach(() => {
  mockPartialStudents = undefined;
  mockOfflineStudents = undefined;
  mockShowToast.mockReset();
  mockCalls.length = 0;
  mockFail = undefined;
  mockHoldBulk = undefined;
  mockProgress.clear();
  students = [
    student('s1', 'Ada Lovelace'),
    student('s2', 'Alan Turing', false),
    student('s3', 'Grace Hopper'),
    { ...student('s4', 'Katherine Johnson', false), reviewStatus: 'awaiting' },
    { ...student('s5', 'Dorothy Vaughan', false), reviewStatus: 'declined' },
  ];
  mentors = [mentor('m1', 'Margaret Hamilton')];
  pairs = [
    pair('a1', 'Margaret Hamilton', 'Ada Lovelace'),
    pair('a2', 'Margaret Hamilton', 'Grace Hopper'),
  ];
});

const PATH = '/admin/dashboard';
const table$ = (name: string) => screen.findByRole('region', { name });
const rowNames = (tableEl: HTMLElement) =>
  within(tableEl)
    .queryAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '');

/** The dashboard on its Students list, a row's `action` pressed: its confirmation dialog. */
async function confirmationOf(action: string) {
  const user = userEvent.setup();
  renderScreen(<DashboardPage />, PATH);
  await table$('Students');
  await user.click(await screen.findByRole('button', { name: action }));
  return { user, dialog: await screen.findByRole('alertdialog') };
}

/** The dashboard on its Assignments tab. */
async function pairsTab() {
  const user = userEvent.setup();
  renderScreen(<DashboardPage />, PATH);
  await user.click(await screen.findByRole('tab', { name: /Assignments/ }));
  return { user, pairsTable: await table$('Assignments') };
}

describe('the dashboard', () => {
  it('says the database cannot be reached instead of showing an empty list', async () => {
    mockOfflineStudents = 'never';
    renderScreen(<DashboardPage />, PATH);
    expect(
      await screen.findByText('Cannot reach the database: the students are not loaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No students match.')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading students...')).not.toBeInTheDocument();
    // The stat cards keep the server's counts beside it.
    expect(await screen.findByRole('tab', { name: 'Students (5)' })).toBeInTheDocument();
  });

  it('keeps the rows it had when the connection is lost, and says they may be out of date', async () => {
    mockOfflineStudents = 'lost';
    renderScreen(<DashboardPage />, PATH);
    expect(
      await screen.findByText(
        'Connection to the database lost: the students shown may be out of date.',
      ),
    ).toBeInTheDocument();
    expect(rowNames(await table$('Students'))[0]).toMatch(/^Ada Lovelace/);
  });

  it('says when only the newest students are in, and counts the total from the server', async () => {
    mockPartialStudents = 2;
    const user = userEvent.setup();
    renderScreen(<DashboardPage />, PATH);
    const progress = await screen.findByTestId('list-progress');
    // The total arrives with the server's counts.
    await waitFor(() =>
      expect(progress).toHaveTextContent('Showing the newest 2 of 5 students. Loading the rest...'),
    );
    expect(await screen.findByRole('tab', { name: 'Students (5)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'Katherine');
    // A search among the newest rows only: the count is "at least", and the line says so.
    expect(await screen.findByRole('tab', { name: 'Students (0+)' })).toBeInTheDocument();
    expect(screen.getByTestId('list-progress')).toHaveTextContent(
      'Showing matches among the newest 2 of 5 students. Loading the rest...',
    );
  });

  it('shows the stats and the students, and narrows them by search and filter', async () => {
    const user = userEvent.setup();
    renderScreen(<DashboardPage />, PATH);
    const studentsTable = await table$('Students');
    await waitFor(() => expect(rowNames(studentsTable)).toHaveLength(5));
    expect(screen.getByRole('tab', { name: 'Students (5)' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'grace');
    await waitFor(() =>
      expect(rowNames(studentsTable)).toEqual([expect.stringContaining('Grace Hopper')]),
    );
    await user.clear(screen.getByLabelText('Search'));

    // The spec's Inactive keeps its meaning: every inactive record, whatever its review.
    await user.click(screen.getByRole('button', { name: 'Inactive' }));
    await waitFor(() => expect(rowNames(studentsTable)).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Inactive' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Students (3)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Awaiting review' }));
    await waitFor(() =>
      expect(rowNames(studentsTable)).toEqual([expect.stringContaining('Katherine Johnson')]),
    );
  });

  it('changes the list in the same picture as the filter button, never after it', async () => {
    // A list that caught up a moment later let a keyboard user Tab onto a row the filter was
    // about to remove, and the focus fell to the page.
    const user = userEvent.setup();
    renderScreen(<DashboardPage />, PATH);
    const studentsTable = await table$('Students');
    await waitFor(() => expect(rowNames(studentsTable)).toHaveLength(5));
    mockPictures.length = 0;
    await user.click(screen.getByRole('button', { name: 'Awaiting review' }));
    await waitFor(() =>
      expect(rowNames(studentsTable)).toEqual([expect.stringContaining('Katherine Johnson')]),
    );
    const filtered = mockPictures.filter((p) => p.pressed === 'Awaiting review');
    expect(filtered.length).toBeGreaterThan(0);
    for (const picture of filtered) expect(picture.names).toEqual(['Katherine Johnson']);
  });

  it('tells awaiting review, declined and deactivated apart, and counts those awaiting', async () => {
    renderScreen(<DashboardPage />, PATH);
    const studentsTable = await table$('Students');
    const badge = async (name: string) =>
      within((await within(studentsTable).findByText(name)).closest('tr') as HTMLElement).getByText(
        /^(Awaiting review|Declined|Active|Inactive)$/,
      ).textContent;
    expect(await badge('Katherine Johnson')).toBe('Awaiting review');
    expect(await badge('Dorothy Vaughan')).toBe('Declined');
    expect(await badge('Alan Turing')).toBe('Inactive');
    expect(await badge('Ada Lovelace')).toBe('Active');
    expect(await screen.findByTestId('stat-awaitingReview')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Approve Katherine Johnson' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen Dorothy Vaughan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate Katherine Johnson' })).toBeNull();
  });

  it('declining asks for the reason and sends it; approving confirms first', async () => {
    const opened = await confirmationOf('Decline Katherine Johnson');
    const { user } = opened;
    let { dialog } = opened;
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(
      within(dialog).getByText('Give the reason for declining; the applicant will read it.'),
    ).toBeInTheDocument();
    expect(mockCalls.filter((c) => c.path.endsWith('/review'))).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cohort is full.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(mockCalls.find((c) => c.path.endsWith('/review'))).toMatchObject({
        path: apiPaths.admin.studentReview('s4'),
        body: { decision: 'decline', reason: 'Cohort is full.' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Approve Katherine Johnson' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        {
          title: TOASTS.statusUpdated.title,
          description: 'Katherine Johnson is approved and active.',
        },
        'success',
      ),
    );
  });

  it('deactivates a person only after the confirmation, then says so', async () => {
    const { user, dialog } = await confirmationOf('Deactivate Ada Lovelace');
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(mockCalls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        { title: TOASTS.statusUpdated.title, description: 'Ada Lovelace is now inactive.' },
        'success',
      ),
    );
    expect(mockCalls.find((c) => c.method === 'PUT')).toMatchObject({
      path: apiPaths.admin.studentStatus('s1'),
      body: { isActive: false },
    });
  });

  it('cancelling a delete changes nothing; a refused delete shows the failure toast', async () => {
    const opened = await confirmationOf('Delete Grace Hopper');
    const { user } = opened;
    let { dialog } = opened;
    expect(dialog).toHaveTextContent('Their pairs will be deleted too');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mockCalls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    mockFail = (call) =>
      call.method === 'DELETE'
        ? new ApiRequestError(404, 'not-found', 'Student not found')
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Delete Grace Hopper' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        { title: TOASTS.deleteFailed.title, description: 'Student not found' },
        'error',
      ),
    );
  });

  it('bulk mode: select all, delete the selection after confirming, and leave bulk mode', async () => {
    const { user, pairsTable } = await pairsTab();
    await waitFor(() => expect(rowNames(pairsTable)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    expect(screen.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all (2)' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Select the pair of Grace Hopper and Margaret Hamilton',
      }),
    );
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this pair? This action cannot be undone.',
    );
    expect(within(dialog).getByRole('list', { name: 'Pairs to delete' })).toHaveTextContent(
      'Mentor Margaret Hamilton, student Ada Lovelace',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        { title: TOASTS.deletedSuccessfully.title, description: 'Deleted 1 pair.' },
        'success',
      ),
    );
    expect(mockCalls.find((c) => c.path === apiPaths.admin.pairsBulkDelete)?.body).toEqual({
      assignmentIds: ['a1'],
      progress: { id: PROGRESS_ID, offset: 0, total: 1 },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bulk Actions' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('bulk status: deactivates the selection and reports the result', async () => {
    const { user } = await pairsTab();
    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select all (2)' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        { title: TOASTS.statusUpdated.title, description: 'Deactivated 2 pairs.' },
        'success',
      ),
    );
    expect(mockCalls.find((c) => c.path === apiPaths.admin.pairsBulkStatus)?.body).toEqual({
      assignmentIds: ['a1', 'a2'],
      isActive: false,
      progress: { id: PROGRESS_ID, offset: 0, total: 2 },
    });
  });

  it("bulk status: the server's count shows while it runs, then the toast, and the count goes", async () => {
    let release = () => {};
    mockHoldBulk = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = await pairsTab();
    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select all (2)' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    // Before the server's first count: none done of the selection.
    expect(
      await screen.findByRole('progressbar', { name: 'Deactivating pairs: 0 of 2' }),
    ).toHaveAttribute('aria-valuenow', '0');
    act(() =>
      mockSetProgress(PROGRESS_ID, {
        kind: 'pairs.deactivate',
        total: 2,
        done: 1,
        state: 'running',
        updatedAt: new Date().toISOString(),
      }),
    );
    const bar = await screen.findByRole('progressbar', { name: 'Deactivating pairs: 1 of 2' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(screen.getByText('Deactivating pairs: 1 of 2')).toBeVisible();
    expect(mockShowToast).not.toHaveBeenCalled();
    release();
    await waitFor(() =>
      expect(mockShowToast).toHaveBeenCalledWith(
        { title: TOASTS.statusUpdated.title, description: 'Deactivated 2 pairs.' },
        'success',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
