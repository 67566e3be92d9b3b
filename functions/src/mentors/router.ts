/** /api/admin/mentors: list, get, create, update, status and delete (admin only). */
import { Router } from 'express';
import { handle } from '../http/handler';
import {
  statusSchema,
  mentorRecordSchema,
  type CreatedResponse,
  type ListResponse,
  type StatusInput,
  type MentorInput,
  type MentorListItem,
} from '@mentorship/domain';
import { checkIdParam } from '../http/request-guards';
import { validate } from '../http/validate';
import * as service from './service';

export const mentorsRouter = Router();
mentorsRouter.param('id', checkIdParam('Mentor'));

mentorsRouter.get(
  '/mentors',
  handle(async (_req, res) => {
    const body: ListResponse<MentorListItem> = { items: await service.listMentors() };
    res.json(body);
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
