/** /api/admin/assignments: list, create, delete, status, bulk delete and bulk status (admin only). */
import { Router } from 'express';
import { handle } from '../http/handler';
import {
  bulkDeleteSchema,
  encodeTable,
  bulkStatusSchema,
  createAssignmentSchema,
  statusSchema,
  type AssignmentRecord,
  type BulkDeleteInput,
  type BulkStatusInput,
  type CreateAssignmentInput,
  type MessageResponse,
  type StatusInput,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { checkIdParam } from '../http/request-guards';
import { ASSIGNMENT_LIST_COLUMNS } from '../shared/records';
import { validate } from '../http/validate';
import * as service from './service';

export const assignmentsRouter = Router();
assignmentsRouter.param('id', checkIdParam('Assignment'));

assignmentsRouter.get(
  '/assignments',
  handle(async (req, res) => {
    const rows = await service.listAssignments(readListLimit(req));
    res.json(encodeTable<AssignmentRecord>(rows, ASSIGNMENT_LIST_COLUMNS));
  }),
);

assignmentsRouter.post(
  '/assignments',
  validate(createAssignmentSchema),
  handle(async (req, res) => {
    res.status(201).json(await service.createAssignment(req.body as CreateAssignmentInput));
  }),
);

assignmentsRouter.post(
  '/assignments/bulk-delete',
  validate(bulkDeleteSchema),
  handle(async (req, res) => {
    const { assignmentIds } = req.body as BulkDeleteInput;
    res.json(await service.bulkDeleteAssignments(assignmentIds));
  }),
);

assignmentsRouter.post(
  '/assignments/bulk-status',
  validate(bulkStatusSchema),
  handle(async (req, res) => {
    const { assignmentIds, isActive } = req.body as BulkStatusInput;
    res.json(await service.bulkSetAssignmentStatus(assignmentIds, isActive === true));
  }),
);

assignmentsRouter.put(
  '/assignments/:id/status',
  validate(statusSchema),
  handle(async (req, res) => {
    const { isActive } = req.body as StatusInput;
    res.json(await service.setAssignmentStatus(req.params.id as string, isActive));
  }),
);

assignmentsRouter.delete(
  '/assignments/:id',
  handle(async (req, res) => {
    await service.deleteAssignment(req.params.id as string);
    const body: MessageResponse = { message: 'Assignment deleted.' };
    res.json(body);
  }),
);
