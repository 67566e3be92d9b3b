/**
 * Typed routes. `withBody(schema, handler)` validates the body against a shared schema (400 with
 * field errors otherwise) and hands the handler the cast value, typed by that schema: the one
 * place where the request body becomes a typed value. Handlers are plain async functions:
 * Express 5 passes a rejection to the error handler. Paths are the Express patterns of the
 * domain's API table (`API.x.path`, api-paths.ts).
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

/** The route's `:id`, already checked by `checkIdParam`. */
export const idOf = (req: Request): string => String(req.params.id);
