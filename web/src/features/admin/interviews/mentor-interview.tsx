/**
 * The screening interview on a mentor's page: when it is, how, and the outcome form.
 * The outcome is the review decision: "Attended" or "Did not attend", then approve, or decline
 * with a reason the mentor reads (the same rule as the review's decline).
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import {
  INTERVIEW_ATTENDANCE,
  INTERVIEW_ATTENDANCE_LABELS,
  INTERVIEW_PLACE_LABELS,
  formatInterviewTime,
  type InterviewAttendance,
} from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { labelledOptions, SelectField, TextareaField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';
import { useMentorInterview, useRecordOutcome } from './interviews-api';

interface OutcomeValues {
  attendance: string;
  decision: string;
  reason: string;
}

const DECISIONS = [
  { value: 'approve', label: 'Approve the application' },
  { value: 'decline', label: 'Decline the application' },
];

function OutcomeForm({ mentorId }: { mentorId: string }) {
  const record = useRecordOutcome(mentorId);
  return (
    <Formik<OutcomeValues>
      initialValues={{ attendance: '', decision: '', reason: '' }}
      onSubmit={async (values, helpers) => {
        try {
          const { message } = await record.mutateAsync({
            attendance: values.attendance as InterviewAttendance,
            decision: values.decision as 'approve' | 'decline',
            ...(values.decision === 'decline' ? { reason: values.reason } : {}),
          });
          showToast({ title: 'Outcome Saved', description: message }, 'success');
        } catch (error) {
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
            helpers.setErrors(error.fields);
            return;
          }
          showFailure({ title: 'Outcome Not Saved' }, error);
        }
      }}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-labelledby="interview-outcome-heading">
          <Heading as="h3" size="md" id="interview-outcome-heading">
            Record the outcome
          </Heading>
          <SelectField
            name="attendance"
            id="interview-attendance"
            label="Did the mentor attend?"
            placeholder="Choose"
            options={labelledOptions(INTERVIEW_ATTENDANCE, INTERVIEW_ATTENDANCE_LABELS)}
            required
          />
          <SelectField
            name="decision"
            id="interview-decision"
            label="Decision"
            placeholder="Choose"
            options={DECISIONS}
            required
          />
          {values.decision === 'decline' ? (
            <TextareaField
              name="reason"
              id="interview-reason"
              label="Reason for declining"
              helperText="The mentor reads it in the e-mail and on My application."
              required
            />
          ) : null}
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            Save outcome
          </Button>
        </Form>
      )}
    </Formik>
  );
}

export function MentorInterview({ id }: { id: string }) {
  const query = useMentorInterview(id);
  if (!query.data) return null;
  const { booking, reviewStatus } = query.data;
  return (
    <Stack
      as="section"
      aria-labelledby="interview-heading"
      gap="3"
      borderWidth="1px"
      rounded="lg"
      p="4"
      mt="6"
    >
      <Heading as="h2" size="lg" id="interview-heading">
        Screening interview
      </Heading>
      {booking ? (
        <Box>
          <Text>
            <strong>{formatInterviewTime(booking.startsAt)}</strong>, {booking.minutes} minutes
          </Text>
          <Text wordBreak="break-all">
            {INTERVIEW_PLACE_LABELS[booking.place]}: {booking.where}
          </Text>
          {booking.recordedAt && booking.attendance && booking.decision ? (
            <Text mt="2" data-testid="interview-outcome">
              Outcome: {INTERVIEW_ATTENDANCE_LABELS[booking.attendance]},{' '}
              {booking.decision === 'approve' ? 'approved' : 'declined'} on{' '}
              {formatInterviewTime(booking.recordedAt)}.
            </Text>
          ) : null}
        </Box>
      ) : (
        <Text>No screening interview booked.</Text>
      )}
      {booking && !booking.recordedAt && reviewStatus === 'awaiting' ? (
        <OutcomeForm mentorId={id} />
      ) : null}
    </Stack>
  );
}
