/**
 * /admin/create-assignment: choose a mentor and a student (the side chosen first ranks the
 * other), preview the pair and its match score, create the pair.
 */
import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  CONFLICT_MESSAGES,
  TOASTS,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreatePair } from '../api/create-pair';
import { showFailure } from '../api/error-toast';
import { useWholeList } from '../api/live-lists';
import { BackToDashboard, FormButtons } from '../people/admin-form';
import { PairPreview } from './pair-preview';
import { PersonSelect } from './person-select';
import { freePlaces } from './rank-suggestions';
import { SuggestionList } from './suggestion-list';
import { usePairChoice } from './use-pair-choice';
import { AdminPageMeta } from '../../../components/layout/page-meta';

const SUGGESTION_COUNT = 5;

/**
 * The spec's own toast when the server refuses because one of the two is no longer active (a
 * colleague deactivated them after this page loaded); otherwise 'Assignment Failed' with the
 * server's reason.
 */
function showCreateFailure(error: unknown) {
  if (error instanceof ApiRequestError && error.status === 409) {
    if (error.serverMessage === CONFLICT_MESSAGES.inactiveMentor) {
      showToast(TOASTS.inactiveMentor, 'error');
      return;
    }
    if (error.serverMessage === CONFLICT_MESSAGES.inactiveStudent) {
      showToast(TOASTS.inactiveStudent, 'error');
      return;
    }
  }
  showFailure(TOASTS.pairFailed, error);
}

function PairChooser({
  mentors,
  students,
}: {
  mentors: readonly MentorListItem[];
  students: readonly StudentListItem[];
}) {
  const navigate = useNavigate();
  const create = useCreatePair();
  const choice = usePairChoice(mentors, students);
  const { mentor, student, mentorId, studentId, match } = choice;

  const submit = async () => {
    try {
      await create.mutateAsync({ mentorId, studentId });
      showToast(TOASTS.pairCreated, 'success');
      navigate(paths.admin.dashboard);
    } catch (error) {
      showCreateFailure(error);
    }
  };

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <PersonSelect
          label="Mentor"
          placeholder="Select a mentor"
          value={mentorId}
          onChange={choice.chooseMentor}
          options={choice.mentorOptions}
          emptyText={choice.activeMentors.length === 0 ? 'No active mentors available' : undefined}
          rankedFor={choice.rankedMentors ? student?.fullName : undefined}
        />
        <PersonSelect
          label="Student"
          placeholder="Select a student"
          value={studentId}
          onChange={choice.chooseStudent}
          options={choice.studentOptions}
          emptyText={
            choice.activeStudents.length === 0 ? 'No active students available' : undefined
          }
          rankedFor={choice.rankedStudents ? mentor?.fullName : undefined}
        />
      </SimpleGrid>

      {choice.anchor === 'student' && student && choice.rankedMentors && (
        <SuggestionList
          title={`Suggested mentors for ${student.fullName}`}
          suggestions={choice.rankedMentors.slice(0, SUGGESTION_COUNT)}
          describe={(m) =>
            `${[m.currentJobTitle, m.company].filter(Boolean).join(', ')} · ${freePlaces(m)} of ${m.capacity} places free`
          }
          onChoose={(m) => choice.chooseMentor(m.id)}
          chosenId={mentorId}
        />
      )}
      {choice.anchor === 'mentor' && mentor && choice.rankedStudents && (
        <SuggestionList
          title={`Suggested students for ${mentor.fullName}`}
          suggestions={choice.rankedStudents.slice(0, SUGGESTION_COUNT)}
          describe={(s) => [s.academicProgram, s.universityName].filter(Boolean).join(', ')}
          onChoose={(s) => choice.chooseStudent(s.id)}
          chosenId={studentId}
        />
      )}

      {mentor && student && match && (
        <PairPreview mentor={mentor} student={student} match={match} />
      )}

      <FormButtons>
        <Button
          colorPalette="blue"
          onClick={() => void submit()}
          disabled={!mentorId || !studentId || create.isPending}
          loading={create.isPending}
          loadingText="Creating..."
        >
          Create Assignment
        </Button>
      </FormButtons>
    </>
  );
}

export default function CreatePairPage() {
  const mentorsQuery = useWholeList('mentors');
  const studentsQuery = useWholeList('students');

  return (
    <Stack gap="6">
      <BackToDashboard />
      <AdminPageMeta title={'Create Assignment'} />
      <Heading as="h1" size="2xl">
        Create Assignment
      </Heading>
      {mentorsQuery.isError || studentsQuery.isError ? (
        <Stack gap="2" role="alert">
          <Text>The mentors and students could not be loaded.</Text>
          <Box>
            <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </Box>
        </Stack>
      ) : mentorsQuery.data && studentsQuery.data ? (
        <PairChooser mentors={mentorsQuery.data} students={studentsQuery.data} />
      ) : (
        <Text role="status">Loading mentors and students...</Text>
      )}
    </Stack>
  );
}
