/** /api/admin/students: list, get, create, update, status and delete (admin only). */
import { Router } from 'express';
import {
  apiPaths,
  encodeTable,
  reviewSchema,
  statusSchema,
  studentRecordSchema,
  type CreatedResponse,
  type StudentListItem,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { checkIdParam } from '../http/request-guards';
import { idOf, pattern, withBody } from '../http/route';
import { LIST_DICTIONARY_COLUMNS, STUDENT_LIST_COLUMNS } from '../shared/records';
import { decide } from '../review/people';
import * as service from './service';

const { students, student, studentStatus, studentReview } = apiPaths.admin;

export const studentsRouter = Router();
studentsRouter.param('id', checkIdParam('Student'));

studentsRouter.get(students, async (req, res) => {
  const rows = await service.listStudents(readListLimit(req));
  res.json(encodeTable<StudentListItem>(rows, STUDENT_LIST_COLUMNS, LIST_DICTIONARY_COLUMNS));
});

studentsRouter.get(pattern(student), async (req, res) => {
  res.json(await service.getStudent(idOf(req)));
});

studentsRouter.post(
  students,
  withBody(studentRecordSchema, async (input, _req, res) => {
    const body: CreatedResponse = { id: await service.createStudent(input) };
    res.status(201).json(body);
  }),
);

studentsRouter.put(
  pattern(student),
  withBody(studentRecordSchema, async (input, req, res) => {
    res.json(await service.updateStudent(idOf(req), input));
  }),
);

studentsRouter.put(
  pattern(studentStatus),
  withBody(statusSchema, async ({ isActive }, req, res) => {
    res.json(await service.setStudentStatus(idOf(req), isActive));
  }),
);

studentsRouter.put(
  pattern(studentReview),
  withBody(reviewSchema, async ({ decision, reason }, req, res) => {
    res.json(await decide('student', idOf(req), decision, reason));
  }),
);

studentsRouter.delete(pattern(student), async (req, res) => {
  res.json(await service.deleteStudent(idOf(req)));
});
