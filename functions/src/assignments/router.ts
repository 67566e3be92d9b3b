/** /api/admin/assignments: list, create, delete, status, bulk delete and bulk status (admin only). */
import {
  API,
  bulkDeleteSchema,
  bulkStatusSchema,
  createAssignmentSchema,
  encodeTable,
  statusSchema,
  type AssignmentRecord,
  type MessageResponse,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { idOf, routerWithIds, withBody } from '../http/route';
import { ASSIGNMENT_LIST_COLUMNS } from '../shared/records';
import * as service from './service';

export const assignmentsRouter = routerWithIds('Assignment');

assignmentsRouter.get(API.assignments.path, async (req, res) => {
  const rows = await service.listAssignments(readListLimit(req));
  res.json(encodeTable<AssignmentRecord>(rows, ASSIGNMENT_LIST_COLUMNS));
});

assignmentsRouter.post(
  API.assignments.path,
  withBody(createAssignmentSchema, async (input, _req, res) => {
    res.status(201).json(await service.createAssignment(input));
  }),
);

assignmentsRouter.post(
  API.assignmentsBulkDelete.path,
  withBody(bulkDeleteSchema, async ({ assignmentIds }, _req, res) => {
    res.json(await service.bulkDeleteAssignments(assignmentIds));
  }),
);

assignmentsRouter.post(
  API.assignmentsBulkStatus.path,
  withBody(bulkStatusSchema, async ({ assignmentIds, isActive }, _req, res) => {
    res.json(await service.bulkSetAssignmentStatus(assignmentIds, isActive === true));
  }),
);

assignmentsRouter.put(
  API.assignmentStatus.path,
  withBody(statusSchema, async ({ isActive }, req, res) => {
    res.json(await service.setAssignmentStatus(idOf(req), isActive));
  }),
);

assignmentsRouter.delete(API.assignment.path, async (req, res) => {
  await service.deleteAssignment(idOf(req));
  const body: MessageResponse = { message: 'Assignment deleted.' };
  res.json(body);
});
