/** /api/admin/mentors: list, get, create, update, status and delete (admin only). */
import { Router } from 'express';
import {
  apiPaths,
  encodeTable,
  reviewSchema,
  statusSchema,
  mentorRecordSchema,
  type CreatedResponse,
  type MentorListItem,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { checkIdParam } from '../http/request-guards';
import { idOf, pattern, withBody } from '../http/route';
import { LIST_DICTIONARY_COLUMNS, MENTOR_LIST_COLUMNS } from '../shared/records';
import { decide } from '../review/people';
import * as service from './service';

const { mentors, mentor, mentorStatus, mentorReview } = apiPaths.admin;

export const mentorsRouter = Router();
mentorsRouter.param('id', checkIdParam('Mentor'));

mentorsRouter.get(mentors, async (req, res) => {
  const rows = await service.listMentors(readListLimit(req));
  res.json(encodeTable<MentorListItem>(rows, MENTOR_LIST_COLUMNS, LIST_DICTIONARY_COLUMNS));
});

mentorsRouter.get(pattern(mentor), async (req, res) => {
  res.json(await service.getMentor(idOf(req)));
});

mentorsRouter.post(
  mentors,
  withBody(mentorRecordSchema, async (input, _req, res) => {
    const body: CreatedResponse = { id: await service.createMentor(input) };
    res.status(201).json(body);
  }),
);

mentorsRouter.put(
  pattern(mentor),
  withBody(mentorRecordSchema, async (input, req, res) => {
    res.json(await service.updateMentor(idOf(req), input));
  }),
);

mentorsRouter.put(
  pattern(mentorStatus),
  withBody(statusSchema, async ({ isActive }, req, res) => {
    res.json(await service.setMentorStatus(idOf(req), isActive));
  }),
);

mentorsRouter.put(
  pattern(mentorReview),
  withBody(reviewSchema, async ({ decision, reason }, req, res) => {
    res.json(await decide('mentor', idOf(req), decision, reason));
  }),
);

mentorsRouter.delete(pattern(mentor), async (req, res) => {
  res.json(await service.deleteMentor(idOf(req)));
});
