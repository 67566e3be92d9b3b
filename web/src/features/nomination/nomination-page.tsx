/**
 * Where the nominator's e-mail links (`/my-application/nomination#token=...`, the token in the
 * fragment no server sees). Opening it (a GET, also a mail scanner's page load) changes
 * nothing: the nominator presses Confirm or Decline, and only that POST records the answer, with
 * the optional line, once.
 */
import { Field, Text, Textarea } from '@chakra-ui/react';
import { NOMINATION_NOTE_MAX, tokenFromLocation, type NominationAnswer } from '@mentorship/domain';
import { useState } from 'react';
import { AnswerButtons, AnswerStatus } from '../../components/email-link/press-answer';
import { usePressAnswer } from '../../components/email-link/use-press-answer';
import { NarrowPage } from '../../components/layout/narrow-page';
import { ApiRequestError } from '../../lib/api-client';
import { answerNomination } from './nomination-api';

const CHOICES = [
  { value: 'confirm', label: 'Confirm the nomination' },
  { value: 'decline', label: 'Decline: I did not nominate them' },
] as const satisfies readonly { value: NominationAnswer; label: string }[];

export default function NominationPage() {
  const token = tokenFromLocation(window.location);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const { pending, outcome, press } = usePressAnswer<NominationAnswer>();
  const send = (choice: NominationAnswer) => {
    setNoteError(null);
    return press(choice, () => answerNomination(token, choice, note.trim() || null), {
      onError: (error) => {
        if (!(error instanceof ApiRequestError && error.fields?.note)) return false;
        setNoteError(error.fields.note);
        return true;
      },
    });
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
      {outcome?.ok ? null : (
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
          <AnswerButtons choices={CHOICES} pending={pending} onPress={(c) => void send(c)} />
        </>
      )}
      <AnswerStatus outcome={outcome} testId="nomination-answer" />
    </NarrowPage>
  );
}
