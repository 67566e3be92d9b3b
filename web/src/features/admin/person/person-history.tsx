/** One person's history: every coordinator change that concerns them, newest first. */
import { Box, Stack, Text } from '@chakra-ui/react';
import { AUDIT_ACTION_LABELS } from '@mentorship/domain';
import { usePersonActivity } from '../api/get-activity';
import { describeChanges } from '../dashboard/describe-changes';
import { formatTime, LoadError, Loading } from '../dashboard/list-parts';

export function PersonHistory({ id, appliedAt }: { id: string; appliedAt: string | null }) {
  const history = usePersonActivity(id);
  if (history.isPending) return <Loading what="history" />;
  if (history.isError) return <LoadError what="history" onRetry={() => void history.refetch()} />;
  return (
    <Stack as="ol" gap="2" ps="0" aria-label="History, newest first">
      {history.data.map((entry) => {
        const details = describeChanges(entry);
        return (
          <Box as="li" key={entry.id} listStyleType="none" borderStartWidth="3px" ps="3">
            <Text fontWeight="medium">
              {AUDIT_ACTION_LABELS[entry.action]}
              {entry.subject.kind === 'pair' && entry.subject.name ? `: ${entry.subject.name}` : ''}
            </Text>
            {details ? <Text wordBreak="break-word">{details}</Text> : null}
            <Text fontSize="sm" color="fg.muted">
              {entry.actor.email ?? entry.actor.uid},{' '}
              <time dateTime={entry.at}>{formatTime(entry.at)}</time>
            </Text>
          </Box>
        );
      })}
      {appliedAt ? (
        <Box as="li" listStyleType="none" borderStartWidth="3px" ps="3">
          <Text fontWeight="medium">Applied through the website</Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={appliedAt}>{formatTime(appliedAt)}</time>
          </Text>
        </Box>
      ) : history.data.length === 0 ? (
        <Text as="li" listStyleType="none" color="fg.muted">
          No changes yet.
        </Text>
      ) : null}
    </Stack>
  );
}
