/** The person's assignments, active or not, newest first, each linking to the other person. */
import { HStack, Stack, Text } from '@chakra-ui/react';
import { usePersonAssignments } from '../api/get-person-assignments';
import type { PersonKind } from '../api/set-person-status';
import { PersonLink } from '../components/person-link';
import { formatDate, LoadError, Loading, StatusBadge } from '../dashboard/list-parts';

export function PersonAssignments({ kind, id }: { kind: PersonKind; id: string }) {
  const assignments = usePersonAssignments(kind, id);
  if (assignments.isPending) return <Loading what="assignments" />;
  if (assignments.isError) {
    return <LoadError what="assignments" onRetry={() => void assignments.refetch()} />;
  }
  if (assignments.data.length === 0) return <Text color="fg.muted">No assignments yet.</Text>;
  return (
    <Stack as="ul" gap="2" ps="0" aria-label="Assignments, newest first">
      {assignments.data.map((a) => (
        <HStack
          as="li"
          key={a.id}
          listStyleType="none"
          justify="space-between"
          wrap="wrap"
          borderWidth="1px"
          borderRadius="md"
          p="3"
        >
          <Stack gap="0">
            <Text>
              {kind === 'student' ? 'Mentor ' : 'Student '}
              {kind === 'student' ? (
                <PersonLink kind="mentor" id={a.mentorId} name={a.mentorName} />
              ) : (
                <PersonLink kind="student" id={a.studentId} name={a.studentName} />
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Assigned {formatDate(a.assignedAt)}
            </Text>
          </Stack>
          <StatusBadge active={a.isActive} />
        </HStack>
      ))}
    </Stack>
  );
}
