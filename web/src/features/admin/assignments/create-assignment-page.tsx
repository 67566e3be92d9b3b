import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import {
  matchScore,
  TOASTS,
  type MatchResult,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useCreateAssignment } from '../api/create-assignment';
import { showFailure } from '../api/error-toast';
import { useMentors } from '../api/get-mentors';
import { useStudents } from '../api/get-students';
import { BackToDashboard } from '../people/admin-form';
import {
  freePlaces,
  mentorIsAvailable,
  rankMentors,
  rankStudents,
  studentIsAvailable,
  type Suggestion,
} from './rank-suggestions';

const SUGGESTION_COUNT = 5;

const byName = (a: { fullName: string }, b: { fullName: string }) =>
  a.fullName.localeCompare(b.fullName);

const mentorLabel = (m: MentorListItem) =>
  [m.fullName, [m.currentJobTitle, m.company].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' — ');
const studentLabel = (s: StudentListItem) =>
  [s.fullName, [s.academicProgram, s.universityName].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' — ');

/** A list of items as tags; items in `shared` are marked with a check and the word "shared". */
function ItemTags({
  items,
  shared,
  empty,
}: {
  items: readonly string[] | null | undefined;
  shared?: readonly string[];
  empty: string;
}) {
  if (!items || items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {empty}
      </Text>
    );
  }
  return (
    <Wrap as="ul" gap="1.5" listStyleType="none">
      {items.map((item) => {
        const isShared = shared?.includes(item) ?? false;
        return (
          <Box as="li" key={item}>
            <Badge
              variant={isShared ? 'solid' : 'outline'}
              colorPalette="gray"
              bg={isShared ? 'green.700' : undefined}
              color={isShared ? 'white' : undefined}
              fontWeight={isShared ? 'bold' : 'normal'}
              data-shared={isShared || undefined}
            >
              {isShared ? <span aria-hidden="true">✓ </span> : null}
              {item}
              {isShared ? <VisuallyHidden> (shared)</VisuallyHidden> : null}
            </Badge>
          </Box>
        );
      })}
    </Wrap>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {label}
      </Text>
      {children}
    </Box>
  );
}

function SuggestionList<T extends MentorListItem | StudentListItem>({
  title,
  suggestions,
  describe,
  onChoose,
  chosenId,
}: {
  title: string;
  suggestions: Suggestion<T>[];
  describe: (person: T) => string;
  onChoose: (person: T) => void;
  chosenId: string;
}) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Best match first, by shared disciplines and mentoring topics.
        </Text>
      </Card.Header>
      <Card.Body>
        {suggestions.length === 0 ? (
          <Text>No one with free places to suggest.</Text>
        ) : (
          <List.Root as="ol" gap="3" listStyleType="none" ps="0">
            {suggestions.map(({ person, match }) => (
              <List.Item key={person.id} borderWidth="1px" borderRadius="md" p="3">
                <Stack gap="1.5" w="full">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Box>
                      <Text fontWeight="semibold">{person.fullName}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {describe(person)}
                      </Text>
                    </Box>
                    <HStack gap="2">
                      <Badge colorPalette={match.score > 0 ? 'blue' : 'gray'}>
                        Score {match.score} · {match.band}
                      </Badge>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={chosenId === person.id}
                        onClick={() => onChoose(person)}
                      >
                        {chosenId === person.id ? 'Chosen' : 'Choose'}
                        <VisuallyHidden> {person.fullName}</VisuallyHidden>
                      </Button>
                    </HStack>
                  </HStack>
                  <Text fontSize="sm">
                    {match.score === 0
                      ? 'Nothing in common yet.'
                      : `Shared: ${[...match.sharedDisciplines, ...match.sharedTopics].join(', ')}`}
                  </Text>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One of the two person dropdowns: disabled with the spec's message when nobody is active. */
function PersonSelect({
  label,
  placeholder,
  value,
  onChange,
  options,
  emptyText,
  rankedFor,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (id: string) => void;
  options: { value: string; label: string; disabled: boolean }[];
  /** Set when nobody can be listed. */
  emptyText?: string;
  /** The chosen counterpart's name when the options are ranked for them. */
  rankedFor?: string;
}) {
  return (
    <Field.Root disabled={emptyText !== undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field bg="bg" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {emptyText ? (
        <Field.HelperText>{emptyText}</Field.HelperText>
      ) : rankedFor !== undefined ? (
        <Field.HelperText>Ordered best match first for {rankedFor}.</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

function MatchScorePanel({ match }: { match: MatchResult }) {
  return (
    <Card.Root as="section" aria-label="Match Score" bg="blue.50" borderColor="blue.200">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="4">
          <Box>
            <Heading as="h2" size="md">
              Match Score
            </Heading>
            <Text fontSize="sm">Based on shared disciplines and mentoring topics</Text>
          </Box>
          <HStack gap="3" data-testid="match-score">
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
              {match.score}
            </Text>
            <Badge
              size="lg"
              variant="solid"
              bg={match.score >= 3 ? 'green.700' : 'gray.700'}
              color="white"
            >
              {match.band}
            </Badge>
          </HStack>
        </HStack>
        <Text mt="2" fontSize="sm">
          {match.score === 0
            ? 'They share no disciplines or topics.'
            : `Shared disciplines: ${match.sharedDisciplines.join(', ') || 'none'}. Shared topics: ${match.sharedTopics.join(', ') || 'none'}.`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export default function CreateAssignmentPage() {
  const navigate = useNavigate();
  const mentorsQuery = useMentors();
  const studentsQuery = useStudents();
  const create = useCreateAssignment();
  const [mentorId, setMentorId] = useState('');
  const [studentId, setStudentId] = useState('');
  // The side chosen first: the other side is ranked against it.
  const [anchor, setAnchor] = useState<'mentor' | 'student' | null>(null);

  const activeMentors = useMemo(
    () => (mentorsQuery.data ?? []).filter((m) => m.isActive).sort(byName),
    [mentorsQuery.data],
  );
  const activeStudents = useMemo(
    () => (studentsQuery.data ?? []).filter((s) => s.isActive).sort(byName),
    [studentsQuery.data],
  );
  const mentor = activeMentors.find((m) => m.id === mentorId);
  const student = activeStudents.find((s) => s.id === studentId);

  const rankedMentors = useMemo(
    () => (student ? rankMentors(student, activeMentors) : null),
    [student, activeMentors],
  );
  const rankedStudents = useMemo(
    () => (mentor ? rankStudents(mentor, activeStudents) : null),
    [mentor, activeStudents],
  );

  // Dropdown order: ranked when the other side is chosen; people who cannot take a new
  // assignment stay listed at the end, disabled, so the coordinator sees why.
  const mentorOptions = useMemo(() => {
    const ranked = rankedMentors?.map((s) => ({ person: s.person, score: s.match.score }));
    const open = ranked ?? activeMentors.filter(mentorIsAvailable).map((person) => ({ person }));
    const full = activeMentors.filter((m) => !mentorIsAvailable(m));
    return [
      ...open.map(({ person, ...rest }) => ({
        value: person.id,
        label: `${mentorLabel(person)} (${person.activeStudentCount}/${person.capacity})${'score' in rest ? ` · score ${rest.score}` : ''}`,
        disabled: false,
      })),
      ...full.map((person) => ({
        value: person.id,
        label: `${mentorLabel(person)} (full, ${person.activeStudentCount}/${person.capacity})`,
        disabled: true,
      })),
    ];
  }, [rankedMentors, activeMentors]);

  const studentOptions = useMemo(() => {
    const ranked = rankedStudents?.map((s) => ({ person: s.person, score: s.match.score }));
    const open = ranked ?? activeStudents.filter(studentIsAvailable).map((person) => ({ person }));
    const matched = activeStudents.filter((s) => !studentIsAvailable(s));
    return [
      ...open.map(({ person, ...rest }) => ({
        value: person.id,
        label: `${studentLabel(person)}${'score' in rest ? ` · score ${rest.score}` : ''}`,
        disabled: false,
      })),
      ...matched.map((person) => ({
        value: person.id,
        label: `${studentLabel(person)} (already matched)`,
        disabled: true,
      })),
    ];
  }, [rankedStudents, activeStudents]);

  const chooseMentor = (id: string) => {
    setMentorId(id);
    if (!id) setAnchor(anchor === 'mentor' ? (studentId ? 'student' : null) : anchor);
    else if (!anchor) setAnchor('mentor');
  };
  const chooseStudent = (id: string) => {
    setStudentId(id);
    if (!id) setAnchor(anchor === 'student' ? (mentorId ? 'mentor' : null) : anchor);
    else if (!anchor) setAnchor('student');
  };

  const match = mentor && student ? matchScore(mentor, student) : null;

  const submit = async () => {
    if (!mentorId || !studentId) {
      showToast(TOASTS.missingSelection, 'error');
      return;
    }
    const chosenMentor = mentorsQuery.data?.find((m) => m.id === mentorId);
    const chosenStudent = studentsQuery.data?.find((s) => s.id === studentId);
    if (chosenMentor && !chosenMentor.isActive) {
      showToast(TOASTS.inactiveMentor, 'error');
      return;
    }
    if (chosenStudent && !chosenStudent.isActive) {
      showToast(TOASTS.inactiveStudent, 'error');
      return;
    }
    try {
      await create.mutateAsync({ mentorId, studentId });
      showToast(TOASTS.assignmentCreated, 'success');
      navigate(paths.admin.dashboard);
    } catch (error) {
      showFailure(TOASTS.assignmentFailed, error);
    }
  };

  const loading = mentorsQuery.isPending || studentsQuery.isPending;
  const loadFailed = mentorsQuery.isError || studentsQuery.isError;

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Create Assignment
      </Heading>

      {loading ? (
        <Text role="status">Loading mentors and students...</Text>
      ) : loadFailed ? (
        <Stack gap="2" role="alert">
          <Text>The mentors and students could not be loaded.</Text>
          <Box>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                void mentorsQuery.refetch();
                void studentsQuery.refetch();
              }}
            >
              Try again
            </Button>
          </Box>
        </Stack>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <PersonSelect
              label="Mentor"
              placeholder="Select a mentor"
              value={mentorId}
              onChange={chooseMentor}
              options={mentorOptions}
              emptyText={activeMentors.length === 0 ? 'No active mentors available' : undefined}
              rankedFor={rankedMentors ? student?.fullName : undefined}
            />
            <PersonSelect
              label="Student"
              placeholder="Select a student"
              value={studentId}
              onChange={chooseStudent}
              options={studentOptions}
              emptyText={activeStudents.length === 0 ? 'No active students available' : undefined}
              rankedFor={rankedStudents ? mentor?.fullName : undefined}
            />
          </SimpleGrid>

          {anchor === 'student' && student && rankedMentors && (
            <SuggestionList
              title={`Suggested mentors for ${student.fullName}`}
              suggestions={rankedMentors.slice(0, SUGGESTION_COUNT)}
              describe={(m) =>
                `${[m.currentJobTitle, m.company].filter(Boolean).join(', ')} · ${freePlaces(m)} of ${m.capacity} places free`
              }
              onChoose={(m) => setMentorId(m.id)}
              chosenId={mentorId}
            />
          )}
          {anchor === 'mentor' && mentor && rankedStudents && (
            <SuggestionList
              title={`Suggested students for ${mentor.fullName}`}
              suggestions={rankedStudents.slice(0, SUGGESTION_COUNT)}
              describe={(s) => [s.academicProgram, s.universityName].filter(Boolean).join(', ')}
              onChoose={(s) => setStudentId(s.id)}
              chosenId={studentId}
            />
          )}

          {mentor && student && match && (
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Card.Root as="section" aria-label="Mentor preview">
                  <Card.Header>
                    <Heading as="h2" size="md">
                      {mentor.fullName}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      Mentor · {mentor.activeStudentCount}/{mentor.capacity} students
                    </Text>
                  </Card.Header>
                  <Card.Body>
                    <Stack gap="3">
                      <Detail label="Position">
                        <Text>
                          {[mentor.currentJobTitle, mentor.company].filter(Boolean).join(' at ') ||
                            'Not given'}
                        </Text>
                      </Detail>
                      <Detail label="Disciplines">
                        <ItemTags items={mentor.preferredDisciplines} empty="None chosen" />
                      </Detail>
                      <Detail label="Topics">
                        <ItemTags items={mentor.mentoringTopics} empty="None chosen" />
                      </Detail>
                    </Stack>
                  </Card.Body>
                </Card.Root>
                <Card.Root as="section" aria-label="Student preview">
                  <Card.Header>
                    <Heading as="h2" size="md">
                      {student.fullName}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      Student · ✓ marks what they share with the mentor
                    </Text>
                  </Card.Header>
                  <Card.Body>
                    <Stack gap="3">
                      <Detail label="Program">
                        <Text>
                          {[student.academicProgram, student.universityName, student.yearOfStudy]
                            .filter(Boolean)
                            .join(', ') || 'Not given'}
                        </Text>
                      </Detail>
                      <Detail label="Disciplines">
                        <ItemTags
                          items={student.preferredDisciplines}
                          shared={match.sharedDisciplines}
                          empty="None chosen"
                        />
                      </Detail>
                      <Detail label="Topics">
                        <ItemTags
                          items={student.mentoringTopics}
                          shared={match.sharedTopics}
                          empty="None chosen"
                        />
                      </Detail>
                    </Stack>
                  </Card.Body>
                </Card.Root>
              </SimpleGrid>
              <MatchScorePanel match={match} />
            </Stack>
          )}

          <HStack justify="flex-end" gap="3">
            <Button asChild variant="outline">
              <Link to={paths.admin.dashboard}>Cancel</Link>
            </Button>
            <Button
              colorPalette="blue"
              onClick={() => void submit()}
              disabled={!mentorId || !studentId || create.isPending}
              loading={create.isPending}
              loadingText="Creating..."
            >
              Create Assignment
            </Button>
          </HStack>
        </>
      )}
    </Stack>
  );
}
