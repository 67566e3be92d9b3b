/**
 * My application, a mentor's screening interview: while the application awaits review
 * the mentor books one of the published slots, and may move or cancel it until
 * INTERVIEW_RULES.changeCutoffHours before it starts. Times show in the browser's time zone; the
 * e-mailed calendar invitation puts the interview in their calendar.
 */
import { Box, Button, Fieldset, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  INTERVIEW_PLACE_LABELS,
  INTERVIEW_RULES,
  formatInterviewTime,
  type MyInterviewResponse,
} from '@mentorship/domain';
import { useState } from 'react';
import { AlertText, StatusText } from '../../components/layout/narrow-page';
import { messageOf } from '../../lib/api-client';
import { bookMyInterview, cancelMyInterview, getMyInterview } from './my-application-api';
import { useLoaded } from './use-request';

function SlotPicker({
  view,
  busy,
  onBook,
}: {
  view: MyInterviewResponse;
  busy: boolean;
  onBook: (slotId: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  if (view.slots.length === 0) {
    return (
      <Text color="gray.800">
        No interview times are open right now. We add more every week: look again soon, or write to
        us.
      </Text>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onBook(chosen);
      }}
    >
      <Fieldset.Root>
        <Fieldset.Legend color="gray.900" fontWeight="semibold">
          {view.booking ? 'Move to another time' : 'Choose a time'} (your time zone:{' '}
          {Intl.DateTimeFormat().resolvedOptions().timeZone})
        </Fieldset.Legend>
        <Stack gap="2" mt="2" role="radiogroup" aria-label="Open interview times">
          {view.slots.map((slot) => (
            <label key={slot.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="radio"
                name="interview-slot"
                value={slot.id}
                checked={chosen === slot.id}
                onChange={() => setChosen(slot.id)}
                style={{ width: '1.25rem', height: '1.25rem' }}
              />
              <Text as="span" color="gray.900">
                {formatInterviewTime(slot.startsAt)}, {slot.minutes} minutes (
                {INTERVIEW_PLACE_LABELS[slot.place].toLowerCase()})
              </Text>
            </label>
          ))}
        </Stack>
      </Fieldset.Root>
      <Button type="submit" mt="3" colorPalette="blue" loading={busy} disabled={!chosen}>
        {view.booking ? 'Move my interview' : 'Book this time'}
      </Button>
    </form>
  );
}

export function InterviewSection() {
  const { data: view, setData: setView, failure, setFailure } = useLoaded(getMyInterview);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const act = async (work: () => Promise<MyInterviewResponse>) => {
    setBusy(true);
    setFailure('');
    setStatus('');
    try {
      const next = await work();
      setView(next);
      setStatus(next.message ?? '');
      setConfirmingCancel(false);
    } catch (error) {
      setFailure(messageOf(error));
      // The list may have changed (someone took the time): read it again.
      getMyInterview().then(setView, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  if (!view && !failure) return <StatusText>Loading your screening interview…</StatusText>;
  if (view && !view.canBook && !view.booking) return null;
  const booking = view?.booking ?? null;
  return (
    <Stack
      as="section"
      aria-labelledby="interview-heading"
      gap="3"
      borderWidth="1px"
      rounded="md"
      p="4"
    >
      <Heading as="h3" id="interview-heading" fontSize="md" color="gray.900">
        Screening interview
      </Heading>
      <Text color="gray.800">
        A {INTERVIEW_RULES.minMinutes}-{INTERVIEW_RULES.maxMinutes} minute conversation with a
        coordinator. You can move or cancel it until {INTERVIEW_RULES.changeCutoffHours} hours
        before it starts.
      </Text>
      {booking ? (
        <Box bg="blue.50" rounded="md" p="3" data-testid="my-interview">
          <Text color="gray.900">
            Booked: <strong>{formatInterviewTime(booking.startsAt)}</strong>, {booking.minutes}{' '}
            minutes.
          </Text>
          <Text color="gray.900" wordBreak="break-all">
            {INTERVIEW_PLACE_LABELS[booking.place]}: {booking.where}
          </Text>
          <Text color="gray.800">
            {booking.canChange
              ? `You can move or cancel it until ${formatInterviewTime(booking.changeableUntil)}.`
              : 'It can no longer be moved or cancelled here. If you cannot make it, write to us.'}
          </Text>
        </Box>
      ) : null}
      {view && view.canBook && (!booking || booking.canChange) ? (
        <SlotPicker view={view} busy={busy} onBook={(id) => void act(() => bookMyInterview(id))} />
      ) : null}
      {booking?.canChange ? (
        confirmingCancel ? (
          <HStack gap="3" wrap="wrap">
            <Text color="gray.900">Cancel your interview?</Text>
            <Button colorPalette="red" loading={busy} onClick={() => void act(cancelMyInterview)}>
              Yes, cancel it
            </Button>
            <Button variant="outline" onClick={() => setConfirmingCancel(false)}>
              Keep it
            </Button>
          </HStack>
        ) : (
          <Button variant="outline" alignSelf="start" onClick={() => setConfirmingCancel(true)}>
            Cancel my interview
          </Button>
        )
      ) : null}
      <StatusText>{status}</StatusText>
      {failure ? <AlertText>{failure}</AlertText> : null}
    </Stack>
  );
}
