/**
 * Where the nominator's e-mail links (`/my-application/nomination#token=...`, the token in the
 * fragment no server sees; issue 38). Opening it (a GET, also a mail scanner's page load) changes
 * nothing: the nominator presses Confirm or Decline, and only that POST records the answer, with
 * the optional line, once.
 */
import { Box, Button, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import {
  NOMINATION_NOTE_MAX,
  nominationPaths,
  tokenFromLocation,
  type NominationAnswer,
  type NominationAnswered,
} from '@mentorship/domain';
import { useState } from 'react';
import { NarrowPage } from '../../components/layout/narrow-page';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

export default function NominationPage() {
  const token = tokenFromLocation(window.location);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<NominationAnswer | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const send = async (choice: NominationAnswer) => {
    setPending(choice);
    setNoteError(null);
    try {
      const done = await apiRequest<NominationAnswered>(nominationPaths.answer, {
        method: 'POST',
        body: { token, answer: choice, note: note.trim() || null },
      });
      setAnswer({ ok: true, text: done.message });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields?.note) {
        setNoteError(error.fields.note);
        return;
      }
      setAnswer({
        ok: false,
        text:
          error instanceof ApiRequestError ? error.serverMessage : 'Please try again in a moment.',
      });
    } finally {
      setPending(null);
    }
  };
  return (
    <NarrowPage
      title="Confirm a nomination"
      description="Tell the mentorship program whether you nominated the student who named you."
    >
      <Text color="gray.800">
        A student named you as the person who nominated them, as our e-mail said. Press Confirm if
        you did, or Decline if you did not. Nothing is recorded until you press one of them.
      </Text>
      {answer?.ok ? null : (
        <>
          <Field.Root invalid={Boolean(noteError)}>
            <Field.Label>A line for the coordinators (optional)</Field.Label>
            <Textarea
              value={note}
              maxLength={NOMINATION_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
            />
            <Field.HelperText color="gray.700">
              Up to {NOMINATION_NOTE_MAX} characters, seen only by the program&apos;s coordinators.
            </Field.HelperText>
            {noteError ? <Field.ErrorText>{noteError}</Field.ErrorText> : null}
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            <Button
              loading={pending === 'confirm'}
              disabled={pending !== null}
              bg="blue.700"
              color="white"
              _hover={{ bg: 'blue.800' }}
              onClick={() => void send('confirm')}
            >
              Confirm the nomination
            </Button>
            <Button
              variant="outline"
              loading={pending === 'decline'}
              disabled={pending !== null}
              onClick={() => void send('decline')}
            >
              Decline: I did not nominate them
            </Button>
          </HStack>
        </>
      )}
      <Box role="status" aria-live="polite">
        {answer ? (
          <Text
            color={answer.ok ? 'green.800' : 'red.800'}
            fontWeight="semibold"
            data-testid="nomination-answer"
          >
            {answer.text}
          </Text>
        ) : null}
      </Box>
    </NarrowPage>
  );
}
