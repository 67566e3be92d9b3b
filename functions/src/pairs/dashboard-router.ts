/** /api/admin/assignments: list, create, delete, status, bulk delete and bulk status (admin only). */
import {
  API,
  bulkDeleteSchema,
  bulkStatusSchema,
  createPairSchema,
  encodeTable,
  statusSchema,
  type PairRecord,
  type MessageResponse,
} from '@mentorship/domain';
import { readListLimit } from '../http/list-query';
import { idOf, routerWithIds, withBody } from '../http/route';
import { PAIR_LIST_COLUMNS } from '../shared/records';
import * as service from './dashboard';
import { listPairs } from './reads';

export const pairsDashboardRouter = routerWithIds('Pair');

pairsDashboardRouter.get(API.pairs.path, async (req, res) => {
  const rows = await listPairs(readListLimit(req));
  res.json(encodeTable<PairRecord>(rows, PAIR_LIST_COLUMNS));
});

pairsDashboardRouter.post(
  API.pairs.path,
  withBody(createPairSchema, async (input, _req, res) => {
    res.status(201).json(await service.makePair(input));
  }),
);

pairsDashboardRouter.post(
  API.pairsBulkDelete.path,
  withBody(bulkDeleteSchema, async ({ assignmentIds, progress }, _req, res) => {
    res.json(await service.bulkDeletePairs(assignmentIds, progress));
  }),
);

pairsDashboardRouter.post(
  API.pairsBulkStatus.path,
  withBody(bulkStatusSchema, async ({ assignmentIds, isActive, progress }, _req, res) => {
    res.json(await service.bulkSetPairStatus(assignmentIds, isActive === true, progress));
  }),
);

pairsDashboardRouter.put(
  API.pairStatus.path,
  withBody(statusSchema, async ({ isActive }, req, res) => {
    res.json(await service.setPairStatus(idOf(req), isActive));
  }),
);

pairsDashboardRouter.delete(API.pair.path, async (req, res) => {
  await service.deletePair(idOf(req));
  const body: MessageResponse = { message: 'Pair deleted.' };
  res.json(body);
});
