/**
 * `?limit=N` on the admin list routes: only the newest N rows (the dashboard's first screen).
 * Anything but a whole number from 1 to MAX_LIST_LIMIT is a 400 with a field error.
 */
import type { Request } from 'express';
import { LIST_LIMIT_PARAM, MAX_LIST_LIMIT } from '@mentorship/domain';
import { DomainError } from '../shared/errors';

export function readListLimit(req: Pick<Request, 'query'>): number | undefined {
  const raw: unknown = req.query[LIST_LIMIT_PARAM];
  if (raw === undefined) return undefined;
  const n = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_LIST_LIMIT)) {
    const message = `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`;
    throw new DomainError('invalid-argument', message, { [LIST_LIMIT_PARAM]: message });
  }
  return n;
}
