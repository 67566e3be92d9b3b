/**
 * The person's page in jsdom with the real hooks and query cache; only the network is replaced
 * (adminRequest answers as the API would) and toasts are recorded.
 */
import {
  apiPaths,
  nominationPaths,
  STUDENT_LABELS,
  type NominationView,
  type AuditEntry,
  type PersonNote,
  type StudentRecord,
} from '@mentorship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '../../../lib/api-client';
import { showToast } from '../../../components/ui/toaster';
import { answerAdminRequests, type ApiCall } from '../../../test/fake-admin-api';
import { renderScreen } from '../../../test/render';
import StudentPage from './student-page';

// The page makes one request more since it shows the nomination; the typing tests ran at 5.0 s
// on a loaded machine, past jest's default.
jest.setTimeout(15_000);

jest.mock('../../../components/ui/toaster', () => ({ showToast: jest.fn() }));
const mockShowToast = jest.mocked(showToast);

let mockFailNotes = false;
jest.mock('../../../lib/admin-request', () => ({ adminRequest: jest.fn() }));
// A bulk action's live count (Firestore in the app) is the dashboard's; this page starts none.
jest.mock('../../../lib/work-progress', () => ({
  newProgressId: () => 'AbCdEfGhIjKlMnOpQrSt',
  useWorkProgress: () => undefined,
}));
const mockCalls = answerAdminRequests(mockAnswer);

const at = '2026-11-20T10:00:00.000Z';
const record: StudentRecord = {
  id: 's1',
  fullName: 'Ana Student',
  emailAddress: 'ana@uni.example.edu',
  linkedinUrl: 'https://www.linkedin.com/in/ana',
  phoneNumber: '+1 555 0101',
  universityName: 'State University',
  academicProgram: 'BSc Computer Science',
  yearOfStudy: '2nd Year Undergraduate',
  timeZone: 'Asia/Tokyo',
  nominatedBy: null,
  professorEmail: null,
  careerInterests: 'Data <b>engineering</b>',
  preferredDisciplines: ['Computer Science', 'Data Science'],
  mentoringTopics: null,
  mentorshipGoals: null,
  agreedToCommitment: true,
  consentToContact: true,
  isActive: false,
  cohortId: null,
  reviewStatus: 'awaiting',
  declineReason: null,
  activePairId: null,
  createdAt: at,
  updatedAt: at,
  confirmed: true,
  withdrawnAt: null,
};
let notes: PersonNote[] = [];
let nomination: NominationView = {
  state: 'none',
  nominator: null,
  askedAt: null,
  answeredAt: null,
  answeredBy: null,
  note: null,
};
const history: AuditEntry[] = [];

async function mockAnswer(call: ApiCall): Promise<unknown> {
  await Promise.resolve();
  if (call.path === apiPaths.admin.student('s1')) return record;
  if (call.path === apiPaths.admin.studentPairs('s1')) return { pairs: [] };
  if (call.path === nominationPaths.ofStudent('s1')) return nomination;
  if (call.path.startsWith(apiPaths.admin.activity)) return { entries: history };
  if (call.path === apiPaths.admin.studentNotes('s1')) {
    if (call.method === 'GET') return { notes };
    if (mockFailNotes) throw new ApiRequestError(500, 'internal', 'Something went wrong.');
    const note: PersonNote = {
      id: `n${notes.length + 1}`,
      at,
      author: { uid: 'u1', email: 'coordinator@example.org' },
      text: (call.body as { text: string }).text,
    };
    notes = [note, ...notes];
    return note;
  }
  if (call.path === apiPaths.admin.student('s1') && call.method === 'DELETE') {
    return { message: 'Student deleted.', deletedPairs: 0 };
  }
  throw new ApiRequestError(404, 'not-found', 'Not found');
}

const show = () =>
  renderScreen(
    <StudentPage />,
    apiPaths.admin.student('s1').replace('/api', ''),
    '/admin/students/:id',
  );

beforeEach(() => {
  mockCalls.length = 0;
  mockShowToast.mockReset();
  mockFailNotes = false;
  notes = [];
});

test('shows every answer in the wizard order with its label, blanks marked, text not markup', async () => {
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'Ana Student' })).toBeVisible();
  expect(screen.getByText('Awaiting review')).toBeVisible();
  const application = screen.getByRole('region', { name: 'Application' });
  const labels = within(application)
    .getAllByRole('term')
    .map((term) => term.textContent);
  expect(labels).toEqual(Object.values(STUDENT_LABELS));
  const value = (label: string) =>
    within(application).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(value('Preferred Disciplines')).toBe('Computer Science, Data Science');
  expect(value('Mentoring Topics')).toBe('None chosen');
  expect(value('Nominated By')).toBe('Not answered');
  expect(value(STUDENT_LABELS.timeZone)).toBe('Asia/Tokyo (UTC+9)');
  expect(value(STUDENT_LABELS.consentToContact)).toBe('Yes');
  // User text is text: the tag shows as typed, no element is made from it.
  expect(value('Career Interests')).toBe('Data <b>engineering</b>');
  expect(application.querySelector('b')).toBeNull();
  expect(within(application).getByRole('link', { name: record.linkedinUrl ?? '' })).toHaveAttribute(
    'href',
    record.linkedinUrl,
  );
  // Actions for an application awaiting review.
  expect(screen.getByRole('button', { name: 'Approve Ana Student' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Decline Ana Student' })).toBeVisible();
});

test('a note: refused empty without a call, then added at the top and the field cleared', async () => {
  const user = userEvent.setup();
  show();
  const panel = await screen.findByRole('region', { name: 'Private notes' });
  expect(await within(panel).findByText('No notes yet.')).toBeVisible();
  await user.click(within(panel).getByRole('button', { name: 'Add note' }));
  expect(await within(panel).findByText('Write the note first.')).toBeVisible();
  expect(mockCalls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(within(panel).getByRole('textbox', { name: /New note/ }), 'Keen, clear goals.');
  await user.click(within(panel).getByRole('button', { name: 'Add note' }));
  const list = await within(panel).findByRole('list', { name: 'Notes, newest first' });
  expect(within(list).getByText('Keen, clear goals.')).toBeVisible();
  expect(within(list).getByText(/coordinator@example\.org/)).toBeVisible();
  expect(within(panel).getByRole('textbox', { name: /New note/ })).toHaveValue('');
  expect(screen.getByText('Note added.')).toHaveAttribute('role', 'status');
  expect(mockCalls.filter((c) => c.method === 'POST')).toEqual([
    {
      path: apiPaths.admin.studentNotes('s1'),
      method: 'POST',
      body: { text: 'Keen, clear goals.' },
    },
  ]);
});

test('a note that cannot be saved keeps what was typed and says so', async () => {
  mockFailNotes = true;
  const user = userEvent.setup();
  show();
  const panel = await screen.findByRole('region', { name: 'Private notes' });
  await user.type(within(panel).getByRole('textbox', { name: /New note/ }), 'Do not lose me');
  await user.click(within(panel).getByRole('button', { name: 'Add note' }));
  await waitFor(() =>
    expect(mockShowToast).toHaveBeenCalledWith(
      { title: 'Note Not Saved', description: 'Your note was not saved. Please try again.' },
      'error',
    ),
  );
  expect(within(panel).getByRole('textbox', { name: /New note/ })).toHaveValue('Do not lose me');
});

test('shows the nomination as the nominator answered it, from which address, with their line', async () => {
  nomination = {
    state: 'confirmed',
    nominator: 'Prof. Grace Hopper',
    askedAt: '2026-11-18T09:00:00.000Z',
    answeredAt: '2026-11-19T12:00:00.000Z',
    answeredBy: 'grace@faculty.example.edu',
    note: 'A <b>brilliant</b> student.',
  };
  show();
  const panel = await screen.findByRole('region', { name: 'Nomination' });
  expect(
    await within(panel).findByText(
      'Nomination confirmed by Prof. Grace Hopper (grace@faculty.example.edu) on Nov 19, 2026',
    ),
  ).toBeVisible();
  expect(within(panel).getByText('Their note: A <b>brilliant</b> student.')).toBeVisible();
  nomination = { ...nomination, state: 'asked', answeredAt: null, answeredBy: null, note: null };
});

test("says when an unanswered nominator was asked, in the site's one date format", async () => {
  nomination = {
    state: 'asked',
    nominator: 'Prof. Grace Hopper',
    askedAt: '2026-12-07T09:00:00.000Z',
    answeredAt: null,
    answeredBy: null,
    note: null,
  };
  show();
  const panel = await screen.findByRole('region', { name: 'Nomination' });
  // US English like every other date of the site, never "07/12/2026".
  expect(await within(panel).findByText('Asked by e-mail on Dec 7, 2026.')).toBeVisible();
});
