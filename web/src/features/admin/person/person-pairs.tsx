/** The person's pairs, active or not, newest first, each linking to the other person. */
import { HStack, Stack, Text } from '@chakra-ui/react';
import { usePersonPairs } from '../api/get-person-pairs';
import type { PersonKind } from '../api/set-person-status';
import { PersonLink } from '../components/person-link';
import { formatDate, LoadError, Loading, StatusBadge } from '../dashboard/list-parts';

export function PersonPairs({ kind, id }: { kind: PersonKind; id: string }) {
  const pairs = usePersonPairs(kind, id);
  if (pairs.isPending) return <Loading what="pairs" />;
  if (pairs.isError) {
    return <LoadError what="pairs" onRetry={() => void pairs.refetch()} />;
  }
  if (pairs.data.length === 0) return <Text color="fg.muted">No pairs yet.</Text>;
  return (
    <Stack as="ul" gap="2" ps="0" aria-label="Pairs, newest first">
      {pairs.data.map((a) => (
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
