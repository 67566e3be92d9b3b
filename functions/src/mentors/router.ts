/** /api/admin/mentors: list, get, create, update, status and delete (admin only). */
import { Router } from 'express';
import { handle } from '../http/handler';
import {
  encodeTable,
  statusSchema,
  mentorRecordSchema,
  type CreatedResponse,
  type StatusInput,
  type MentorInput,
  type MentorListItem,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { checkIdParam } from '../http/request-guards';
import { LIST_DICTIONARY_COLUMNS, MENTOR_LIST_COLUMNS } from '../shared/records';
import { validate } from '../http/validate';
import * as service from './service';

export const mentorsRouter = Router();
mentorsRouter.param('id', checkIdParam('Mentor'));

mentorsRouter.get(
  '/mentors',
  handle(async (req, res) => {
    const rows = await service.listMentors(readListLimit(req));
    res.json(encodeTable<MentorListItem>(rows, MENTOR_LIST_COLUMNS, LIST_DICTIONARY_COLUMNS));
  }),
);

mentorsRouter.get(
  '/mentors/:id',
  handle(async (req, res) => {
    res.json(await service.getMentor(req.params.id as string));
  }),
);

mentorsRouter.post(
  '/mentors',
  validate(mentorRecordSchema),
  handle(async (req, res) => {
    const body: CreatedResponse = { id: await service.createMentor(req.body as MentorInput) };
    res.status(201).json(body);
  }),
);

mentorsRouter.put(
  '/mentors/:id',
  validate(mentorRecordSchema),
  handle(async (req, res) => {
    res.json(await service.updateMentor(req.params.id as string, req.body as MentorInput));
  }),
);

mentorsRouter.put(
  '/mentors/:id/status',
  validate(statusSchema),
  handle(async (req, res) => {
    const { isActive } = req.body as StatusInput;
    res.json(await service.setMentorStatus(req.params.id as string, isActive));
  }),
);

mentorsRouter.delete(
  '/mentors/:id',
  handle(async (req, res) => {
    res.json(await service.deleteMentor(req.params.id as string));
  }),
);
