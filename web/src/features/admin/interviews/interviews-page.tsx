/**
 * Interviews (`/admin/interviews`): coordinators publish screening-interview slots
 * (a date and time in their own time zone, 15-20 minutes, a video link or a phone number); a
 * mentor whose application awaits review books one from My application. The table lists the
 * slots from a week ago on, who booked each, removes a slot nobody booked and cancels the
 * interview booked on one that has not started (after a confirmation; the mentor is e-mailed).
 */
import { Box, Button, SimpleGrid, Table, Text } from '@chakra-ui/react';
import {
  INTERVIEW_PLACE_LABELS,
  INTERVIEW_PLACES,
  INTERVIEW_RULES,
  formatInterviewTime,
  type InterviewSlotView,
} from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { labelledOptions, SelectField, TextField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';
import { AdminPage, AdminSection } from '../../../components/layout/admin-page';
import { PersonLink } from '../components/person-link';
import { RegionTable } from '../components/region-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import {
  useCancelBookedSlot,
  useDeleteSlot,
  useInterviewSlots,
  usePublishSlot,
} from './interviews-api';
import { QueryResult } from '../components/query-result';
import { countOf } from '../../../lib/count-of';

interface SlotFormValues {
  date: string;
  time: string;
  minutes: string;
  place: string;
  where: string;
}

const EMPTY: SlotFormValues = { date: '', time: '', minutes: '20', place: 'video', where: '' };

const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's local date and time as an instant; '' when either is missing or invalid. */
const startsAtOf = (date: string, time: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

const MINUTES = Array.from(
  { length: INTERVIEW_RULES.maxMinutes - INTERVIEW_RULES.minMinutes + 1 },
  (_, i) => String(INTERVIEW_RULES.minMinutes + i),
);

function PublishForm() {
  const publish = usePublishSlot();
  return (
    <AdminSection headingId="publish-heading" heading="Publish a slot">
      <Text color="fg.muted">
        Times are in your time zone ({ownZone()}). Mentors see them in theirs, and the invitation
        puts them in both calendars.
      </Text>
      <Formik<SlotFormValues>
        initialValues={EMPTY}
        onSubmit={async (values, helpers) => {
          try {
            const { message } = await publish.mutateAsync({
              startsAt: startsAtOf(values.date, values.time),
              minutes: Number(values.minutes),
              place: values.place as InterviewSlotView['place'],
              where: values.where,
            });
            showToast({ title: 'Slot Published', description: message }, 'success');
            helpers.resetForm({ values: { ...values, time: '' } });
          } catch (error) {
            if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
              const { startsAt, ...rest } = error.fields;
              helpers.setErrors({
                ...rest,
                ...(startsAt ? { date: startsAt, time: startsAt } : {}),
              });
              return;
            }
            showFailure({ title: 'Slot Not Published' }, error);
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate aria-labelledby="publish-heading">
            <SimpleGrid columns={{ base: 1, md: 3 }} gapX="4">
              <TextField name="date" label="Date" type="date" required />
              <TextField name="time" label="Start time" type="time" required />
              {/* Always one of the lengths: no "required" (an HTML select that is required must
                  start with an empty choice, and this one has none to offer). */}
              <SelectField name="minutes" label="Length (minutes)" options={MINUTES} />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gapX="4">
              <SelectField
                name="place"
                label="How"
                options={labelledOptions(INTERVIEW_PLACES, INTERVIEW_PLACE_LABELS)}
              />
              <Box gridColumn={{ md: 'span 2' }}>
                <TextField
                  name="where"
                  label={values.place === 'phone' ? 'Phone number' : 'Video call link'}
                  type={values.place === 'phone' ? 'tel' : 'url'}
                  helperText={
                    values.place === 'phone'
                      ? 'The number the mentor calls, for example +1 555 0100.'
                      : 'Starting with https://. The mentor sees it once they book.'
                  }
                  required
                />
              </Box>
            </SimpleGrid>
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              Publish slot
            </Button>
          </Form>
        )}
      </Formik>
    </AdminSection>
  );
}

function SlotsTable({ slots }: { slots: InterviewSlotView[] }) {
  const remove = useDeleteSlot();
  const cancel = useCancelBookedSlot();
  const [cancelling, setCancelling] = useState<InterviewSlotView | null>(null);
  // Once cancelled, the slot's row (and its button) is gone: focus goes to the section heading.
  const [cancelled, setCancelled] = useState(false);
  // When the table was shown: an interview that starts later can be cancelled (one that has
  // started since is refused by the server with its reason).
  const [shownAt] = useState(() => Date.now());
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const { message } = await cancel.mutateAsync(cancelling.id);
      setCancelled(true);
      setCancelling(null);
      showToast({ title: 'Interview Cancelled', description: message }, 'success');
    } catch (error) {
      setCancelling(null);
      showFailure({ title: 'Interview Not Cancelled' }, error);
    }
  };
  return (
    <>
      <RegionTable
        label="Interview slots"
        caption={`${countOf(slots.length, 'slot')}, soonest first`}
        headers={['When', 'Length', 'How', 'Host', 'Booked by']}
      >
        {slots.map((s) => (
          <Table.Row key={s.id} data-testid="slot-row">
            <Table.Cell fontWeight="semibold">{formatInterviewTime(s.startsAt)}</Table.Cell>
            <Table.Cell>{s.minutes} minutes</Table.Cell>
            <Table.Cell>
              {INTERVIEW_PLACE_LABELS[s.place]}:{' '}
              <Text as="span" wordBreak="break-all">
                {s.where}
              </Text>
            </Table.Cell>
            {/* A removed coordinator's past slots keep no address. */}
            <Table.Cell>{s.hostEmail || 'A former coordinator'}</Table.Cell>
            <Table.Cell>
              {s.mentor ? (
                <PersonLink kind="mentor" id={s.mentor.id} name={s.mentor.fullName} />
              ) : (
                'Open'
              )}
            </Table.Cell>
            <Table.Cell>
              {s.mentor ? (
                Date.parse(s.startsAt) > shownAt ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Cancel interview with ${s.mentor.fullName}, ${formatInterviewTime(s.startsAt)}`}
                    onClick={() => {
                      setCancelled(false);
                      setCancelling(s);
                    }}
                  >
                    Cancel interview
                  </Button>
                ) : null
              ) : (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Remove the slot of ${formatInterviewTime(s.startsAt)}`}
                  onClick={async () => {
                    try {
                      const { message } = await remove.mutateAsync(s.id);
                      showToast({ title: 'Slot Removed', description: message }, 'success');
                    } catch (error) {
                      showFailure({ title: 'Slot Not Removed' }, error);
                    }
                  }}
                >
                  Remove
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </RegionTable>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel Interview"
        description={
          cancelling?.mentor
            ? `Cancel the screening interview with ${cancelling.mentor.fullName} of ${formatInterviewTime(cancelling.startsAt)}? The slot is withdrawn; they are e-mailed the cancellation and can book another time.`
            : ''
        }
        confirmLabel="Cancel interview"
        cancelLabel="Keep interview"
        pending={cancel.isPending}
        finalFocus={() => (cancelled ? document.getElementById('slots-heading') : null)}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}

export default function InterviewsPage() {
  const slots = useInterviewSlots();
  return (
    <AdminPage
      title="Interviews"
      heading="Screening interviews"
      gap="8"
      intro={
        <Text color="fg.muted">
          Mentors whose application awaits review book a published slot from My application and can
          move or cancel it until {INTERVIEW_RULES.changeCutoffHours} hours before. Both of you get
          a calendar invitation, and a reminder the day before. Record the outcome on the
          mentor&apos;s page: it is the review decision.
        </Text>
      }
    >
      <AdminSection headingId="slots-heading" heading="Slots" focusTarget>
        <QueryResult query={slots} what="interview slots">
          {(data) =>
            data.slots.length === 0 ? (
              <Text role="status">No slots published yet.</Text>
            ) : (
              <SlotsTable slots={data.slots} />
            )
          }
        </QueryResult>
      </AdminSection>
      <PublishForm />
    </AdminPage>
  );
}
