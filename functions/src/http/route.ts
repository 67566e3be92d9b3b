/**
 * Typed routes. `withBody(schema, handler)` validates the body against a shared schema (400 with
 * field errors otherwise) and hands the handler the cast value, typed by that schema: the one
 * place where the request body becomes a typed value. Handlers are plain async functions:
 * Express 5 passes a rejection to the error handler. Paths come from the domain's `apiPaths`;
 * `pattern` turns an id path builder into its Express pattern (`/api/admin/students/:id`).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AnyObjectSchema, InferType } from '@mentorship/domain';
import { validate } from './validate';

export function withBody<S extends AnyObjectSchema>(
  schema: S,
  handler: (body: InferType<S>, req: Request, res: Response) => Promise<void>,
): RequestHandler[] {
  return [validate(schema), (req, res) => handler(req.body as InferType<S>, req, res)];
}

const PLACEHOLDER = '\u0000';

/** `apiPaths.admin.student` -> `/api/admin/students/:id`. */
export const pattern = (build: (id: string) => string): string =>
  build(PLACEHOLDER).replace(encodeURIComponent(PLACEHOLDER), ':id');

/** The route's `:id`, already checked by `checkIdParam`. */
export const idOf = (req: Request): string => String(req.params.id);
