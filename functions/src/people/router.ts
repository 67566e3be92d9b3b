/**
 * What the person's page reads beyond the record (admin only): GET and POST
 * /api/admin/{students,mentors}/:id/notes, and GET .../:id/assignments.
 */
import { Router } from 'express';
import {
  apiPaths,
  noteSchema,
  type NotesResponse,
  type PersonAssignmentsResponse,
  type PersonNote,
} from '@mentorship/domain';
import { listAssignmentsOf } from '../assignments/repository';
import { checkIdParam } from '../http/request-guards';
import { idOf, pattern, withBody } from '../http/route';
import type { PersonKind } from '../shared/people';
import { addNote, listNotes } from './notes';

export const peopleRouter = Router();

const { studentNotes, mentorNotes, studentAssignments, mentorAssignments } = apiPaths.admin;
type Path = (id: string) => string;
const routes: [PersonKind, string, Path, Path][] = [
  ['student', 'Student', studentNotes, studentAssignments],
  ['mentor', 'Mentor', mentorNotes, mentorAssignments],
];

for (const [kind, label, notes, assignments] of routes) {
  // Each kind has its own router so a malformed id answers "Student not found" or "Mentor ...".
  const router = Router();
  router.param('id', checkIdParam(label));
  peopleRouter.use(router);
  router.get(pattern(notes), async (req, res) => {
    const body: NotesResponse = { notes: await listNotes(kind, idOf(req)) };
    res.json(body);
  });
  router.post(
    pattern(notes),
    withBody(noteSchema, async ({ text }, req, res) => {
      const note: PersonNote = await addNote(kind, idOf(req), text);
      res.status(201).json(note);
    }),
  );
  router.get(pattern(assignments), async (req, res) => {
    const body: PersonAssignmentsResponse = {
      assignments: await listAssignmentsOf(kind, idOf(req)),
    };
    res.json(body);
  });
}
