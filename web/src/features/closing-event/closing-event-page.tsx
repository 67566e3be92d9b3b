/**
 * Where a closing-event e-mail links (`/closing-event#token=...`, the token in the fragment no
 * server sees; issue 39). Opening it (a GET, also a mail scanner's page load) only shows the
 * event (POST /api/closing-event/view records nothing); the participant presses "I'm coming" or
 * "I can't come", and only that POST records the reply (a second press changes it).
 */
import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import {
  EVENT_REPLY_LABELS,
  formatDateTime,
  programEventPaths,
  tokenFromLocation,
  type ClosingEventPublicView,
  type ClosingEventReplied,
  type EventReply,
} from '@mentorship/domain';
import { useEffect, useState } from 'react';
import { NarrowPage } from '../../components/layout/narrow-page';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

const failureText = (error: unknown) =>
  error instanceof ApiRequestError ? error.serverMessage : 'Please try again in a moment.';

export default function ClosingEventPage() {
  const token = tokenFromLocation(window.location);
  const [event, setEvent] = useState<ClosingEventPublicView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState<EventReply | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    apiRequest<ClosingEventPublicView>(programEventPaths.view, { method: 'POST', body: { token } })
      .then(setEvent)
      .catch((error: unknown) => setLoadError(failureText(error)));
  }, [token]);
  const send = async (reply: EventReply) => {
    setPending(reply);
    try {
      const done = await apiRequest<ClosingEventReplied>(programEventPaths.reply, {
        method: 'POST',
        body: { token, answer: reply },
      });
      setAnswer({ ok: true, text: done.message });
      setEvent((e) => (e ? { ...e, reply: done.reply } : e));
    } catch (error) {
      setAnswer({ ok: false, text: failureText(error) });
    } finally {
      setPending(null);
    }
  };
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
          <HStack gap="3" wrap="wrap">
            <Button
              loading={pending === 'coming'}
              disabled={pending !== null}
              bg="blue.700"
              color="white"
              _hover={{ bg: 'blue.800' }}
              onClick={() => void send('coming')}
            >
              {EVENT_REPLY_LABELS.coming}
            </Button>
            <Button
              loading={pending === 'not-coming'}
              disabled={pending !== null}
              variant="outline"
              onClick={() => void send('not-coming')}
            >
              {EVENT_REPLY_LABELS['not-coming']}
            </Button>
          </HStack>
        </>
      )}
      <Box role="status" aria-live="polite">
        {answer ? (
          <Text
            color={answer.ok ? 'green.800' : 'red.800'}
            fontWeight="semibold"
            data-testid="closing-event-answer"
          >
            {answer.text}
          </Text>
        ) : null}
      </Box>
    </NarrowPage>
  );
}
