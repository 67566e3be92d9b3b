/**
 * Create Assignment's behaviour, without a server: the two lists and the create call are mocked
 * at the API hooks, toasts at the toaster.
 */
import {
  CONFLICT_MESSAGES,
  TOASTS,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '../../../lib/api-client';
import { showToast } from '../../../components/ui/toaster';
import { renderScreen } from '../../../test/render';
import { mentorListItem, studentListItem } from '../../../../../tests/factories';
import CreatePairPage from './create-pair-page';

jest.mock('../../../components/ui/toaster', () => ({ showToast: jest.fn() }));
const mockShowToast = jest.mocked(showToast);

const mockCreate = jest.fn();
let mockMentors: MentorListItem[] = [];
let mockStudents: StudentListItem[] = [];
jest.mock('../api/live-lists', () => ({
  useWholeList: (list: 'mentors' | 'students') => ({
    isPending: false,
    isError: false,
    data: list === 'mentors' ? mockMentors : mockStudents,
  }),
}));
jest.mock('../api/create-pair', () => ({
  useCreatePair: () => ({ mutateAsync: mockCreate, isPending: false }),
}));

// The shared list items (tests/factories), with what this page shows filled in.
const shown = {
  createdAt: '2026-01-01T00:00:00.000Z',
  preferredDisciplines: ['Computer Science'],
  mentoringTopics: ['Career Planning'],
};

const mentor = (id: string, fullName: string, extra: Partial<MentorListItem> = {}) =>
  mentorListItem(id, {
    ...shown,
    fullName,
    email: `${id}@example.org`,
    company: 'Acme',
    currentJobTitle: 'Engineer',
    capacity: 2,
    ...extra,
  });

const student = (id: string, fullName: string, extra: Partial<StudentListItem> = {}) =>
  studentListItem(id, {
    ...shown,
    fullName,
    emailAddress: `${id}@example.edu`,
    universityName: 'University of Toronto',
    academicProgram: 'B.Sc.',
    yearOfStudy: '2nd Year Undergraduate',
    ...extra,
  });

const PATH = '/admin/create-assignment';

beforeEach(() => {
  mockShowToast.mockReset();
  mockCreate.mockReset();
  mockMentors = [
    mentor('m1', 'Ada Mentor', { preferredDisciplines: ['Biology'], mentoringTopics: [] }),
    mentor('m2', 'Grace Mentor'),
    mentor('m3', 'Full Mentor', { capacity: 1, activeStudentCount: 1 }),
    mentor('m4', 'Gone Mentor', { isActive: false }),
  ];
  mockStudents = [
    student('s1', 'Hugo Student'),
    student('s2', 'Matched Student', { activePairId: 'x__s2' }),
    student('s3', 'Inactive Student', { isActive: false }),
  ];
});

const mentorSelect = () => screen.getByRole('combobox', { name: 'Mentor' });
const studentSelect = () => screen.getByRole('combobox', { name: 'Student' });
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => `${o.textContent}${(o as HTMLOptionElement).disabled ? ' [disabled]' : ''}`);

/** Opens the page, picks Grace Mentor (m2) and Hugo Student (s1) and presses Create Assignment. */
async function createGraceWithHugo() {
  const user = userEvent.setup();
  renderScreen(<CreatePairPage />, PATH);
  await user.selectOptions(mentorSelect(), 'm2');
  await user.selectOptions(studentSelect(), 's1');
  await user.click(screen.getByRole('button', { name: 'Create Assignment' }));
}

describe('Create Assignment', () => {
  it('offers only active people; full mentors and matched students are listed last, disabled', () => {
    renderScreen(<CreatePairPage />, PATH);
    expect(optionLabels(mentorSelect())).toEqual([
      'Select a mentor',
      'Ada Mentor — Engineer, Acme (0/2)',
      'Grace Mentor — Engineer, Acme (0/2)',
      'Full Mentor — Engineer, Acme (full, 1/1) [disabled]',
    ]);
    expect(optionLabels(studentSelect())).toEqual([
      'Select a student',
      'Hugo Student — B.Sc., University of Toronto',
      'Matched Student — B.Sc., University of Toronto (already matched) [disabled]',
    ]);
    expect(screen.getByRole('button', { name: 'Create Assignment' })).toBeDisabled();
  });

  it('shows the spec empty-list messages when nobody is active', () => {
    mockMentors = [];
    mockStudents = [student('s3', 'Inactive Student', { isActive: false })];
    renderScreen(<CreatePairPage />, PATH);
    expect(screen.getByText('No active mentors available')).toBeInTheDocument();
    expect(screen.getByText('No active students available')).toBeInTheDocument();
  });

  it('ranks mentors for the chosen student and previews the pair with its match score', async () => {
    const user = userEvent.setup();
    renderScreen(<CreatePairPage />, PATH);
    await user.selectOptions(studentSelect(), 's1');

    const suggestions = screen.getByRole('region', { name: 'Suggested mentors for Hugo Student' });
    const names = within(suggestions)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(names).toEqual(['Grace Mentor', 'Ada Mentor']);
    expect(optionLabels(mentorSelect())[1]).toBe('Grace Mentor — Engineer, Acme (0/2) · score 2');
    expect(screen.getByText('Ordered best match first for Hugo Student.')).toBeInTheDocument();

    await user.click(
      within(suggestions).getAllByRole('button', { name: /Choose/ })[0] as HTMLElement,
    );
    expect(mentorSelect()).toHaveValue('m2');
    const panel = screen.getByRole('region', { name: 'Match Score' });
    expect(
      within(panel).getByText('Based on shared disciplines and mentoring topics'),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('match-score')).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Mentor preview' })).toHaveTextContent(
      'Grace Mentor',
    );
    expect(screen.getByRole('region', { name: 'Student preview' })).toHaveTextContent(
      'Computer Science (shared)',
    );
  });

  it('creates the pair, says so and returns to the dashboard', async () => {
    mockCreate.mockResolvedValue({ id: 'm2__s1' });
    await createGraceWithHugo();

    expect(mockCreate).toHaveBeenCalledWith({ mentorId: 'm2', studentId: 's1' });
    expect(mockShowToast).toHaveBeenCalledTimes(1);
    expect(mockShowToast).toHaveBeenCalledWith(TOASTS.pairCreated, 'success');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it("shows the spec's Inactive Mentor toast when a colleague deactivated the mentor meanwhile", async () => {
    mockCreate.mockRejectedValue(
      new ApiRequestError(409, 'failed-precondition', CONFLICT_MESSAGES.inactiveMentor),
    );
    await createGraceWithHugo();
    expect(mockShowToast).toHaveBeenCalledWith(TOASTS.inactiveMentor, 'error');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("shows 'Assignment Failed' with the server's reason for any other refusal", async () => {
    mockCreate.mockRejectedValue(
      new ApiRequestError(409, 'failed-precondition', CONFLICT_MESSAGES.mentorFull),
    );
    await createGraceWithHugo();
    expect(mockShowToast).toHaveBeenCalledWith(
      { title: TOASTS.pairFailed.title, description: CONFLICT_MESSAGES.mentorFull },
      'error',
    );
  });
});
