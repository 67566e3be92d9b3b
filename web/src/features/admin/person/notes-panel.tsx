/**
 * Coordinators' private notes on one person: the newest first, each with author and time, and a
 * form to add one (validated with the API's own schema; what was typed stays if saving fails).
 */
import { Box, Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { noteSchema, type PersonNote } from '@mentorship/domain';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { focusField, TextareaField } from '../../../components/form';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';
import { useAddNote, useNotes } from '../api/notes';
import type { PersonKind } from '../api/set-person-status';
import { formatTime } from '../dashboard/list-parts';
import { QueryResult } from '../components/query-result';

export const NOTE_NOT_SAVED = {
  title: 'Note Not Saved',
  description: 'Your note was not saved. Please try again.',
};

function NoteItem({ note }: { note: PersonNote }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" listStyleType="none">
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {note.text}
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {note.author.email ?? note.author.uid},{' '}
        <time dateTime={note.at}>{formatTime(note.at)}</time>
      </Text>
    </Box>
  );
}

export function NotesPanel({ kind, id }: { kind: PersonKind; id: string }) {
  const notes = useNotes(kind, id);
  const add = useAddNote(kind, id);
  const [announcement, setAnnouncement] = useState('');
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Only coordinators see these notes. They are never shown to the applicant or exported.
      </Text>
      <Formik
        initialValues={{ text: '' }}
        validationSchema={noteSchema}
        onSubmit={async ({ text }, helpers) => {
          setAnnouncement('');
          try {
            await add.mutateAsync(text);
            helpers.resetForm();
            setAnnouncement('Note added.');
          } catch (error) {
            if (error instanceof ApiRequestError && error.fields.text) {
              helpers.setFieldError('text', error.fields.text);
              return;
            }
            showFailure(NOTE_NOT_SAVED, error);
          } finally {
            // The button is disabled while the note is sent, which drops keyboard focus to the
            // page: it goes back to the field, ready for the next note (or the correction).
            window.setTimeout(() => focusField('text', 'person-note'), 0);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Add a note">
            <TextareaField name="text" label="New note" id="person-note" required />
            <Button type="submit" size="sm" colorPalette="blue" loading={isSubmitting}>
              Add note
            </Button>
          </Form>
        )}
      </Formik>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <QueryResult query={notes} what="notes">
        {(data) =>
          data.length === 0 ? (
            <Text color="fg.muted">No notes yet.</Text>
          ) : (
            <Stack as="ul" gap="2" aria-label="Notes, newest first" ps="0">
              {data.map((note) => (
                <NoteItem key={note.id} note={note} />
              ))}
            </Stack>
          )
        }
      </QueryResult>
    </Stack>
  );
}
