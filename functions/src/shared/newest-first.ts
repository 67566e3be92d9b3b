/** The admin lists' read: newest first, and with `limit` only the newest rows. */
import type { Query } from 'firebase-admin/firestore';

export const newestFirst = (query: Query, limit?: number) => {
  const ordered = query.orderBy('createdAt', 'desc');
  return (limit === undefined ? ordered : ordered.limit(limit)).get();
};
