/** The Activity view: what coordinators changed, newest first (the newest 200 entries). */
import { Stack, Table, Text } from '@chakra-ui/react';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@mentorship/domain';
import { useActivity } from '../api/get-activity';
import { describeChanges } from './describe-changes';
import { PersonLink } from '../components/person-link';
import { formatTime, Loading, LoadError } from './list-parts';
import { ColumnHeaders } from '../../../components/ui/column-headers';

/** The record an entry is about: a link to the person's page while the person exists. */
function Subject({ subject }: { subject: AuditEntry['subject'] }) {
  if (subject.name === null) return <>{`(deleted ${subject.kind} ${subject.id})`}</>;
  if (
    subject.kind === 'pair' ||
    subject.kind === 'coordinator' ||
    subject.kind === 'cohort' ||
    subject.kind === 'mail' ||
    subject.kind === 'session-guide' ||
    subject.kind === 'interview-slot'
  )
    return <>{subject.name}</>;
  return <PersonLink kind={subject.kind} id={subject.id} name={subject.name} />;
}

export function ActivityTab() {
  const activity = useActivity();
  if (activity.isPending) return <Loading what="activity" />;
  if (activity.isError) {
    return <LoadError what="activity" onRetry={() => void activity.refetch()} />;
  }
  if (activity.data.length === 0) {
    return (
      <Text py="8" textAlign="center" color="fg.muted" role="status">
        No changes yet.
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="65vh" tabIndex={0}>
        <Table.Root size="sm" aria-label="Activity, newest first">
          <Table.Header position="sticky" top="0" bg="bg.muted">
            <ColumnHeaders names={['When', 'Who', 'What', 'Record', 'Details']} />
          </Table.Header>
          <Table.Body>
            {activity.data.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell whiteSpace="nowrap">{formatTime(entry.at)}</Table.Cell>
                <Table.Cell>{entry.actor.email ?? entry.actor.uid}</Table.Cell>
                <Table.Cell>{AUDIT_ACTION_LABELS[entry.action]}</Table.Cell>
                <Table.Cell>
                  <Subject subject={entry.subject} />
                </Table.Cell>
                <Table.Cell>{describeChanges(entry)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
