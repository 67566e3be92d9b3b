import { decodeTable, LIST_LIMIT_PARAM, type TableResponse } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

/** One admin list (a table on the wire), newest first; with `limit`, only the newest rows. */
export const getList = async <Row>(path: string, limit?: number): Promise<Row[]> =>
  decodeTable(
    await adminRequest<TableResponse<Row>>(
      limit === undefined ? path : `${path}?${LIST_LIMIT_PARAM}=${limit}`,
    ),
  );
