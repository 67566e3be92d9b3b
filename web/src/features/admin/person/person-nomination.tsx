/**
 * The student's nomination on their page: "Nomination confirmed by … on …",
 * "Nomination declined by …", "Nomination not answered", or that the nominator was not asked yet,
 * with the nominator's optional line. Read through the API (the nomination is server-only).
 */
import { Stack, Text } from '@chakra-ui/react';
import { formatDateShort, nominationLine } from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import { getNomination } from '../api/nominations';
import { LoadError, Loading } from '../dashboard/list-parts';

export function PersonNomination({ id }: { id: string }) {
  const query = useQuery({
    queryKey: ['admin', 'nominations', id],
    queryFn: () => getNomination(id),
  });
  if (query.isPending) return <Loading what="nomination" />;
  if (query.isError || !query.data)
    return <LoadError what="nomination" onRetry={() => void query.refetch()} />;
  const view = query.data;
  return (
    <Stack gap="2" data-testid="person-nomination">
      <Text fontWeight="semibold" color="fg">
        {nominationLine(view)}
      </Text>
      {view.askedAt && view.state === 'asked' ? (
        <Text color="fg.muted" fontSize="sm">
          Asked by e-mail on {formatDateShort(view.askedAt)}.
        </Text>
      ) : null}
      {view.note ? (
        <Text color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
          Their note: {view.note}
        </Text>
      ) : null}
    </Stack>
  );
}
