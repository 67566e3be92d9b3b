import { apiPaths, type NotesResponse, type PersonNote } from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { adminKeys } from './query-keys';
import type { PersonKind } from './set-person-status';

const notesPath = (kind: PersonKind, id: string) =>
  kind === 'student' ? apiPaths.admin.studentNotes(id) : apiPaths.admin.mentorNotes(id);

/** GET .../notes: the coordinators' private notes on one person, newest first. */
export const useNotes = (kind: PersonKind, id: string) =>
  useQuery({
    queryKey: adminKeys.notes(id),
    queryFn: async () => (await adminRequest<NotesResponse>(notesPath(kind, id))).notes,
  });

/** POST .../notes. The new note is put first in the cached list: nothing else is refetched. */
export const useAddNote = (kind: PersonKind, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      adminRequest<PersonNote>(notesPath(kind, id), { method: 'POST', body: { text } }),
    onSuccess: (note) =>
      client.setQueryData<PersonNote[]>(adminKeys.notes(id), (notes) => [note, ...(notes ?? [])]),
  });
};
