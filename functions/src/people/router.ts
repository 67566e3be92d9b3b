/**
 * /api/admin/students and /api/admin/mentors (admin only), one set of routes for both kinds:
 * list, get, create, edit, status, review and delete; and what the person's page reads beyond
 * the record: notes (GET, POST) and pairs.
 */
import { Router } from 'express';
import {
  encodeTable,
  noteSchema,
  reviewSchema,
  statusSchema,
  type CreatedResponse,
  type NotesResponse,
  type PersonPairsResponse,
  type PersonNote,
} from '@mentorship/domain';
import { listPairsOf } from '../pairs';
import { eraseCertificatesOf } from '../program-end';
import { readListLimit } from '../http/list-query';
import { versionOf } from '../http/request-guards';
import { idOf, respondWith, routerWithIds, withBody } from '../http/route';
import { releaseInterviewWith } from '../interviews';
import { decide, setPersonStatus } from '../review';
import { PEOPLE, type AnyPeopleKind } from '../shared/people-kinds';
import { addNote, listNotes } from './notes';
import { addPerson, editPerson, getPerson, listPeople, removePerson } from './repository';

function routesOf(people: AnyPeopleKind): Router {
  const { kind, paths, schema } = people;
  // Each kind has its own router so a malformed id answers "Student not found" or "Mentor ...".
  const router = routerWithIds(people.label);

  router.get(paths.list, async (req, res) => {
    const rows = await listPeople(people, readListLimit(req));
    res.json(encodeTable(rows, people.listColumns, people.dictionaryColumns));
  });
  router.get(
    paths.one,
    respondWith((req) => getPerson(people, idOf(req))),
  );
  router.post(
    paths.list,
    withBody(schema, async (input, _req, res) => {
      const body: CreatedResponse = {
        id: await addPerson(people, input),
      };
      res.status(201).json(body);
    }),
  );
  router.put(
    paths.one,
    withBody(schema, async (input, req, res) => {
      res.json(await editPerson(people, idOf(req), input, undefined, versionOf(req)));
    }),
  );
  // A mentor's screening interview is held only while their application awaits review: any
  // change of status or decision made here ends the booking in the change's own transaction.
  const releasing = (id: string) => (kind === 'mentor' ? releaseInterviewWith(id) : undefined);
  router.put(
    paths.status,
    withBody(statusSchema, async ({ isActive }, req, res) => {
      const id = idOf(req);
      res.json(await setPersonStatus(kind, id, isActive, releasing(id)));
    }),
  );
  router.put(
    paths.review,
    withBody(reviewSchema, async ({ decision, reason }, req, res) => {
      const id = idOf(req);
      res.json(await decide(kind, id, decision, reason, releasing(id)));
    }),
  );
  router.delete(paths.one, async (req, res) => {
    // A coordinator's Delete erases what "Delete my data" erases: certificates and survey
    // answers first (retention's removePerson keeps certificates for their own period).
    const id = idOf(req);
    await eraseCertificatesOf([id]);
    res.json(await removePerson(people, id, { onRequest: true }));
  });

  router.get(paths.notes, async (req, res) => {
    const body: NotesResponse = { notes: await listNotes(kind, idOf(req)) };
    res.json(body);
  });
  router.post(
    paths.notes,
    withBody(noteSchema, async ({ text }, req, res) => {
      const note: PersonNote = await addNote(kind, idOf(req), text);
      res.status(201).json(note);
    }),
  );
  router.get(paths.pairs, async (req, res) => {
    const body: PersonPairsResponse = {
      pairs: await listPairsOf(kind, idOf(req)),
    };
    res.json(body);
  });
  return router;
}

export const peopleRouter = Router();
peopleRouter.use(routesOf(PEOPLE.student), routesOf(PEOPLE.mentor));
