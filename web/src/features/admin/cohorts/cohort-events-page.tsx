/**
 * A cohort's events (`/admin/cohorts/:id/events`): the closing event and the
 * orientation(s), each set in the coordinator's own time zone (date, time, length, a place or an
 * https link; the domain's programEventSchema, here and on the server), who is invited, the
 * closing event's replies counted, attendance as a checklist, and the cohort's two settings.
 * Saving sends the invitations (or updates, or cancellations) through the outbox, after the
 * answer: the page says so and asks again until they are out.
 */
import { Badge, Box, Button, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import {
  CERTIFICATES_AFTER,
  CERTIFICATES_AFTER_LABELS,
  EVENT_REPLY_LABELS,
  PROGRAM_EVENT_KINDS,
  PROGRAM_EVENT_LABELS,
  formatDateTime,
  programEventSchema,
  type EventSettings,
  type ProgramEventKind,
  type ProgramEventView,
} from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ValidationError } from 'yup';
import { CheckboxField, labelledOptions, SelectField, TextField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import {
  getCohortEvents,
  markAttendance,
  saveEventSettings,
  setCohortEvent,
} from '../api/cohort-events';
import { showFailure } from '../api/error-toast';
import { AdminPage, AdminSection } from '../../../components/layout/admin-page';
import { RegionTable } from '../components/region-table';
import { QueryResult } from '../components/query-result';

const key = (id: string) => ['admin', 'cohort-events', id] as const;
/** How often the page asks again while a change's invitations are still going out. */
const SENDING_REFRESH_MS = 2_000;

const useCohortEvents = (id: string) =>
  useQuery({
    queryKey: key(id),
    queryFn: () => getCohortEvents(id),
    // The invitations follow a save after its answer: the counts fill in as they go out.
    refetchInterval: (query) =>
      query.state.data?.events.some((e) => e.sending) ? SENDING_REFRESH_MS : false,
  });

/** The coordinator's own zone, in which the date and time are entered. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface EventFormValues {
  date: string;
  time: string;
  minutes: number | string;
  where: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
function toForm(view: ProgramEventView): EventFormValues {
  if (!view.event) return { date: '', time: '', minutes: 60, where: '' };
  const d = new Date(view.event.startsAt);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    minutes: view.event.minutes,
    where: view.event.where,
  };
}

/** The instant the coordinator chose, in their zone, as the API takes it. */
function toInput(values: EventFormValues) {
  const local = /^\d{4}-\d{2}-\d{2}$/.test(values.date) && /^\d{2}:\d{2}$/.test(values.time);
  const at = local ? new Date(`${values.date}T${values.time}`) : null;
  return {
    startsAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : '',
    minutes: values.minutes === '' ? undefined : Number(values.minutes),
    where: values.where,
    timeZone: ZONE,
  };
}

/** The schema's field messages on the form's fields (the instant on the date). */
function fieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    out[path === 'startsAt' ? 'date' : path] = message;
  }
  return out;
}

async function validateEvent(values: EventFormValues) {
  try {
    await programEventSchema.validate(toInput(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const inner of error.inner)
      if (inner.path && !fields[inner.path]) fields[inner.path] = inner.message;
    return fieldErrors(fields);
  }
}

/** The event's when, side by side: the date (with the zone it is in), the start and the length. */
const WHEN_FIELDS = [
  {
    name: 'date',
    label: 'Date',
    type: 'date',
    minW: '10rem',
    helperText: `In your time zone, ${ZONE}.`,
  },
  { name: 'time', label: 'Start time', type: 'time', minW: '8rem' },
  { name: 'minutes', label: 'Length (minutes)', type: 'number', minW: '8rem' },
] as const;

function Counts({ view }: { view: ProgramEventView }) {
  const { counts } = view;
  return (
    <HStack
      gap="3"
      wrap="wrap"
      role="group"
      aria-label={`${PROGRAM_EVENT_LABELS[view.kind]} counts`}
    >
      {view.kind === 'closing' ? (
        <>
          <Badge colorPalette="green" size="lg" data-testid="count-coming">
            Coming: {counts.coming}
          </Badge>
          <Badge colorPalette="red" size="lg" data-testid="count-not-coming">
            Not coming: {counts.notComing}
          </Badge>
          <Badge colorPalette="gray" size="lg" data-testid="count-not-answered">
            Not answered: {counts.notAnswered}
          </Badge>
        </>
      ) : (
        <Badge colorPalette="gray" size="lg">
          Invited: {counts.coming + counts.notComing + counts.notAnswered}
        </Badge>
      )}
      <Badge colorPalette="blue" size="lg" data-testid="count-attended">
        Attended: {counts.attended}
      </Badge>
    </HStack>
  );
}

function EventSection({ cohortId, view }: { cohortId: string; view: ProgramEventView }) {
  const client = useQueryClient();
  const label = PROGRAM_EVENT_LABELS[view.kind];
  const headingId = `event-${view.kind}-heading`;
  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput> | null) =>
      setCohortEvent(cohortId, view.kind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key(cohortId) }),
  });
  const attend = useMutation({
    mutationFn: (body: { personKind: string; personId: string; attended: boolean }) =>
      markAttendance(cohortId, view.kind, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(cohortId) }),
    onError: (error) => showFailure({ title: 'Attendance Not Saved' }, error),
  });
  const invited = view.invitees.filter((i) => i.state === 'invited' || i.attended);
  return (
    <AdminSection headingId={headingId} heading={label} testId={`event-${view.kind}`}>
      {view.event ? (
        <Text>
          {formatDateTime(view.event.startsAt)}, {view.event.minutes} minutes, {view.event.where}
        </Text>
      ) : (
        <Text color="fg.muted">Not set.</Text>
      )}
      {view.event ? <Counts view={view} /> : null}
      {view.sending ? (
        <Text color="fg.muted" role="status">
          Sending the invitations…
        </Text>
      ) : null}
      <Formik<EventFormValues>
        key={view.event?.revision ?? 'none'}
        initialValues={toForm(view)}
        validate={validateEvent}
        onSubmit={async (values, helpers) => {
          try {
            const { message } = await save.mutateAsync(toInput(values));
            showToast({ title: `${label} Saved`, description: message }, 'success');
          } catch (error) {
            if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
              helpers.setErrors(fieldErrors(error.fields));
              return;
            }
            showFailure({ title: `${label} Not Saved` }, error);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby={headingId}>
            <Stack gap="0" maxW="3xl">
              <HStack gap="4" align="start" wrap="wrap">
                {WHEN_FIELDS.map(({ name, minW, ...field }) => (
                  <Box key={name} flex="1" minW={minW}>
                    <TextField id={`${view.kind}-${name}`} name={name} required {...field} />
                  </Box>
                ))}
              </HStack>
              <TextField
                id={`${view.kind}-where`}
                name="where"
                label="Place or link"
                helperText="A place, or a video link starting with https://."
                required
              />
            </Stack>
            <HStack gap="3">
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                {view.event ? `Save ${label.toLowerCase()}` : `Set ${label.toLowerCase()}`}
              </Button>
              {view.event ? (
                <Button
                  variant="outline"
                  colorPalette="red"
                  loading={save.isPending && !isSubmitting}
                  onClick={async () => {
                    try {
                      const { message } = await save.mutateAsync(null);
                      showToast({ title: `${label} Removed`, description: message }, 'success');
                    } catch (error) {
                      showFailure({ title: `${label} Not Removed` }, error);
                    }
                  }}
                >
                  Remove {label.toLowerCase()}
                </Button>
              ) : null}
            </HStack>
          </Form>
        )}
      </Formik>
      {invited.length > 0 ? (
        <RegionTable
          label={`${label}: invited`}
          caption={<>{invited.length} invited</>}
          headers={['Name', 'Role', ...(view.kind === 'closing' ? ['Reply'] : []), 'Attended']}
        >
          {invited.map((i) => (
            <Table.Row key={`${i.personKind}-${i.personId}`} data-testid="invitee-row">
              <Table.Cell>
                <RouterLink
                  to={
                    i.personKind === 'student'
                      ? paths.admin.student(i.personId)
                      : paths.admin.mentor(i.personId)
                  }
                >
                  {i.fullName}
                </RouterLink>
              </Table.Cell>
              <Table.Cell>{i.personKind === 'student' ? 'Student' : 'Mentor'}</Table.Cell>
              {view.kind === 'closing' ? (
                <Table.Cell>{i.reply ? EVENT_REPLY_LABELS[i.reply] : 'Not answered'}</Table.Cell>
              ) : null}
              <Table.Cell>
                <Checkbox.Root
                  checked={i.attended === true}
                  disabled={attend.isPending}
                  onCheckedChange={(d) =>
                    attend.mutate({
                      personKind: i.personKind,
                      personId: i.personId,
                      attended: d.checked === true,
                    })
                  }
                >
                  <Checkbox.HiddenInput aria-label={`${i.fullName} attended`} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
            </Table.Row>
          ))}
        </RegionTable>
      ) : null}
    </AdminSection>
  );
}

function SettingsSection({ cohortId, settings }: { cohortId: string; settings: EventSettings }) {
  const client = useQueryClient();
  return (
    <AdminSection headingId="event-settings-heading" heading="Settings">
      <Formik<EventSettings>
        initialValues={settings}
        enableReinitialize
        onSubmit={async (values) => {
          try {
            const { message } = await saveEventSettings(cohortId, values);
            await client.invalidateQueries({ queryKey: key(cohortId) });
            showToast({ title: 'Settings Saved', description: message }, 'success');
          } catch (error) {
            showFailure({ title: 'Settings Not Saved' }, error);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby="event-settings-heading">
            <CheckboxField
              name="proposalRequiresOrientation"
              label="The proposal requires the orientation attended"
              helperText="When on, the matching proposal leaves out mentors who have not attended the orientation for mentors, and says why."
            />
            <Box maxW="sm">
              <SelectField
                name="certificatesAfter"
                label="Send certificates"
                options={labelledOptions(CERTIFICATES_AFTER, CERTIFICATES_AFTER_LABELS)}
              />
            </Box>
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              Save settings
            </Button>
          </Form>
        )}
      </Formik>
    </AdminSection>
  );
}

export default function CohortEventsPage() {
  const { id = '' } = useParams();
  const query = useCohortEvents(id);
  const name = query.data?.cohortName ?? 'Cohort';
  return (
    <AdminPage
      title={[`${name}: events`, 'Cohorts']}
      heading={<>{name}: orientation and closing event</>}
      gap="8"
      back={<RouterLink to={paths.admin.cohorts}>Back to cohorts</RouterLink>}
      intro={
        <Text color="fg.muted">
          Saving an event e-mails each person concerned a calendar invitation; a change sends an
          update, removing it sends a cancellation. Mentors are invited to their orientation when
          they are approved; the closing event goes to the students and mentors of the cohort&apos;s
          pairs (not pairs ended for a reason other than goals met).
        </Text>
      }
    >
      <QueryResult query={query} what="events">
        {(data) => (
          <>
            {PROGRAM_EVENT_KINDS.map((kind: ProgramEventKind) => {
              const view = data.events.find((e) => e.kind === kind);
              return view ? <EventSection key={kind} cohortId={id} view={view} /> : null;
            })}
            <SettingsSection cohortId={id} settings={data.settings} />
          </>
        )}
      </QueryResult>
    </AdminPage>
  );
}
