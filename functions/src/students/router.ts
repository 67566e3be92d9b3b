/** /api/admin/students: list, get, create, update, status and delete (admin only). */
import { Router } from 'express';
import { handle } from '../http/handler';
import {
  statusSchema,
  studentRecordSchema,
  encodeTable,
  type CreatedResponse,
  type StatusInput,
  type StudentInput,
  type StudentListItem,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { checkIdParam } from '../http/request-guards';
import { LIST_DICTIONARY_COLUMNS, STUDENT_LIST_COLUMNS } from '../shared/records';
import { validate } from '../http/validate';
import * as service from './service';

export const studentsRouter = Router();
studentsRouter.param('id', checkIdParam('Student'));

studentsRouter.get(
  '/students',
  handle(async (req, res) => {
    const rows = await service.listStudents(readListLimit(req));
    res.json(encodeTable<StudentListItem>(rows, STUDENT_LIST_COLUMNS, LIST_DICTIONARY_COLUMNS));
  }),
);

studentsRouter.get(
  '/students/:id',
  handle(async (req, res) => {
    res.json(await service.getStudent(req.params.id as string));
  }),
);

studentsRouter.post(
  '/students',
  validate(studentRecordSchema),
  handle(async (req, res) => {
    const body: CreatedResponse = { id: await service.createStudent(req.body as StudentInput) };
    res.status(201).json(body);
  }),
);

studentsRouter.put(
  '/students/:id',
  validate(studentRecordSchema),
  handle(async (req, res) => {
    res.json(await service.updateStudent(req.params.id as string, req.body as StudentInput));
  }),
);

studentsRouter.put(
  '/students/:id/status',
  validate(statusSchema),
  handle(async (req, res) => {
    const { isActive } = req.body as StatusInput;
    res.json(await service.setStudentStatus(req.params.id as string, isActive));
  }),
);

studentsRouter.delete(
  '/students/:id',
  handle(async (req, res) => {
    res.json(await service.deleteStudent(req.params.id as string));
  }),
);
