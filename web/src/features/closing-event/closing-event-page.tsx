/**
 * Where a closing-event e-mail links (`/closing-event#token=...`, the token in the fragment no
 * server sees). Opening it (a GET, also a mail scanner's page load) only shows the
 * event (POST /api/closing-event/view records nothing); the participant presses "I'm coming" or
 * "I can't come", and only that POST records the reply (a second press changes it).
 */
import { Box, Link, Text } from '@chakra-ui/react';
import {
  EVENT_REPLY_LABELS,
  formatDateTime,
  tokenFromLocation,
  type ClosingEventPublicView,
  type EventReply,
} from '@mentorship/domain';
import { useEffect, useState } from 'react';
import { AnswerButtons, AnswerStatus } from '../../components/email-link/press-answer';
import { failureText, usePressAnswer } from '../../components/email-link/use-press-answer';
import { NarrowPage } from '../../components/layout/narrow-page';
import { getClosingEvent, replyToClosingEvent } from './closing-event-api';

const CHOICES = (['coming', 'not-coming'] as const).map((value) => ({
  value,
  label: EVENT_REPLY_LABELS[value],
}));

export default function ClosingEventPage() {
  const token = tokenFromLocation(window.location);
  const [event, setEvent] = useState<ClosingEventPublicView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { pending, outcome, press } = usePressAnswer<EventReply>();
  useEffect(() => {
    getClosingEvent(token)
      .then(setEvent)
      .catch((error: unknown) => setLoadError(failureText(error)));
  }, [token]);
  const send = (reply: EventReply) =>
    press(reply, () => replyToClosingEvent(token, reply), {
      onDone: (done) => setEvent((e) => (e ? { ...e, reply: done.reply } : e)),
    });
  return (
    <NarrowPage
      title="The closing event"
      description="Tell the mentorship program whether you are coming to your cohort's closing event."
    >
      {loadError ? (
        <Text color="red.800" fontWeight="semibold" role="alert">
          {loadError}
        </Text>
      ) : !event ? (
        <Text role="status">Loading the event…</Text>
      ) : (
        <>
          <Box>
            <Text color="gray.800">
              The closing event of {event.cohortName}: {formatDateTime(event.startsAt)} (your time),{' '}
              {event.minutes} minutes.
            </Text>
            <Text color="gray.800">
              {event.isLink ? (
                <>
                  Join here:{' '}
                  <Link href={event.where} color="blue.700">
                    {event.where}
                  </Link>
                </>
              ) : (
                <>Place: {event.where}</>
              )}
            </Text>
            {event.reply ? (
              <Text color="gray.800" data-testid="current-reply">
                Your reply: {EVENT_REPLY_LABELS[event.reply]}. You can change it below.
              </Text>
            ) : (
              <Text color="gray.800">Nothing is recorded until you press one of the buttons.</Text>
            )}
          </Box>
          <AnswerButtons choices={CHOICES} pending={pending} onPress={(r) => void send(r)} />
        </>
      )}
      <AnswerStatus outcome={outcome} testId="closing-event-answer" />
    </NarrowPage>
  );
}
