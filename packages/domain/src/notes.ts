/**
 * Coordinators' private notes on a student or mentor (e.g. from the screening interview): added
 * and read on the person's page only. Never shown to applicants, never exported, deleted with the
 * person.
 */
import { object, string } from 'yup';

export const NOTE_MAX = 5000;

// Text only: yup would turn a number into a string; the original value decides.
const trimText = (_value: unknown, original: unknown) =>
  typeof original === 'string' ? original.trim() : original;

export const noteSchema = object({
  text: string()
    .transform(trimText)
    .max(NOTE_MAX, `Keep the note under ${NOTE_MAX.toLocaleString('en-US')} characters.`)
    .required('Write the note first.')
    .typeError('The note must be text.'),
});

export interface PersonNote {
  id: string;
  /** ISO 8601. */
  at: string;
  author: { uid: string; email: string | null };
  text: string;
}

/** GET .../notes, newest first. */
export interface NotesResponse {
  notes: PersonNote[];
}
