/**
 * A person's page: their whole application (read-only), review state and actions, history,
 * pairs and the coordinators' private notes. Reads the one whole record; the lists and the
 * dashboard never carry whole applications.
 */
import { DownloadData } from './download-data';
import { Alert, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  personState,
  type MentorRecord,
  type PersonKind,
  type StudentRecord,
} from '@mentorship/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { PersonActions } from '../dashboard/actions/person-actions';
import { RowActionDialog } from '../dashboard/actions/row-actions';
import { useRowAction } from '../dashboard/actions/use-row-action';
import { formatDate, PersonBadge } from '../dashboard/list-parts';
import { BackToDashboard } from '../people/admin-form';
import { PERSON_FORMS } from '../people/kinds';
import { PersonRecord } from '../people/person-states';
import { PersonMailNotice } from '../mail/person-mail-notice';
import { ApplicationAnswers } from './application-answers';
import { NotesPanel } from './notes-panel';
import { PersonPairs } from './person-pairs';
import { PersonHistory } from './person-history';
import { PersonNomination } from './person-nomination';
import { AdminPageMeta } from '../../../components/layout/page-meta';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

type Person = { kind: 'student'; record: StudentRecord } | { kind: 'mentor'; record: MentorRecord };

function PersonView(person: Person) {
  const { kind, record } = person;
  const navigate = useNavigate();
  const { action, open, opener, ask, close } = useRowAction();
  const state = personState(record);
  const email = kind === 'student' ? person.record.emailAddress : person.record.email;
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Stack gap="3">
        <HStack gap="3" wrap="wrap">
          <AdminPageMeta title={[record.fullName, kind === 'student' ? 'Student' : 'Mentor']} />
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {record.fullName}
          </Heading>
          <PersonBadge person={record} />
        </HStack>
        <Text color="fg.muted">
          {kind === 'student' ? 'Student' : 'Mentor'}
          {email ? ` · ${email}` : ''} ·{' '}
          {record.reviewStatus === null ? 'Added by a coordinator' : 'Applied'}{' '}
          {formatDate(record.createdAt)}
          {record.reviewStatus === null
            ? ''
            : record.confirmed
              ? ' · E-mail address confirmed'
              : ' · E-mail address not confirmed yet (not listed, not reviewable)'}
          {record.withdrawnAt
            ? ` · Withdrawn by the applicant ${formatDate(record.withdrawnAt)}`
            : ''}
        </Text>
        {state === 'declined' && record.declineReason ? (
          <Alert.Root status="warning">
            <Alert.Indicator aria-hidden />
            <Alert.Content>
              <Alert.Title>Declined</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{record.declineReason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <PersonMailNotice recordId={record.id} />
        <HStack gap="3" wrap="wrap">
          <DownloadData kind={kind} id={record.id} />
          <PersonActions
            kind={kind}
            id={record.id}
            name={record.fullName}
            state={state}
            ask={ask}
            size="sm"
          />
        </HStack>
      </Stack>

      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Panel title="Application" id="person-application">
          <ApplicationAnswers {...person} />
        </Panel>
        <Stack gap="6">
          {kind === 'student' ? (
            <Panel title="Nomination" id="person-nomination">
              <PersonNomination id={record.id} />
            </Panel>
          ) : null}
          <Panel title="Private notes" id="person-notes">
            <NotesPanel kind={kind} id={record.id} />
          </Panel>
          <Panel title="Pairs" id="person-pairs">
            <PersonPairs kind={kind} id={record.id} />
          </Panel>
          <Panel title="History" id="person-history">
            <PersonHistory
              id={record.id}
              appliedAt={record.reviewStatus === null ? null : record.createdAt}
            />
          </Panel>
        </Stack>
      </Grid>

      <RowActionDialog
        action={action}
        open={open}
        onClose={close}
        finalFocus={() => (opener?.isConnected ? opener : null)}
        onPersonDeleted={() => navigate(paths.admin.dashboard)}
      />
    </Stack>
  );
}

/** A student's or a mentor's page at /admin/students/:id or /admin/mentors/:id. */
export function PersonPage({ kind }: { kind: PersonKind }) {
  const { id = '' } = useParams();
  const form = PERSON_FORMS[kind];
  const query = useQuery<StudentRecord | MentorRecord>({
    queryKey: form.queryKey(id),
    queryFn: () => form.get(id),
  });
  return (
    <PersonRecord query={query} label={form.label}>
      {(record) => <PersonView key={record.id} {...({ kind, record } as Person)} />}
    </PersonRecord>
  );
}
