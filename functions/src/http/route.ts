/**
 * Typed routes. `withBody(schema, handler)` validates the body against a shared schema (400 with
 * field errors otherwise) and hands the handler the cast value, typed by that schema: the one
 * place where the request body becomes a typed value. Handlers are plain async functions:
 * Express 5 passes a rejection to the error handler. Paths are the Express patterns of the
 * domain's API table (`API.x.path`, api-paths.ts).
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AnyObjectSchema, InferType } from '@mentorship/domain';
import { checkIdParam, requireJsonBody } from './request-guards';
import { validate } from './validate';

export function withBody<S extends AnyObjectSchema>(
  schema: S,
  handler: (body: InferType<S>, req: Request, res: Response) => Promise<void>,
): RequestHandler[] {
  return [validate(schema), (req, res) => handler(req.body as InferType<S>, req, res)];
}

/**
 * A handler that answers with what `reply` gives for the request (200, JSON): the routes whose
 * whole work is one call of their module's service.
 */
export const respondWith =
  (reply: (req: Request) => Promise<unknown>): RequestHandler =>
  async (req, res) => {
    res.json(await reply(req));
  };

/**
 * A router whose `:id` must look like a document id: any other answers 404 "`what` not found"
 * before a handler runs (`checkIdParam`).
 */
export function routerWithIds(what: string): Router {
  const router = Router();
  router.param('id', checkIdParam(what));
  return router;
}

/** The route's `:id`, already checked by `checkIdParam`. */
export const idOf = (req: Request): string => String(req.params.id);

/**
 * A one-time link's call: a POST whose JSON body carries the link's token, limited per link,
 * answered with what `act` gives. The page the e-mail opens makes it on the person's click
 * (mail scanners open every link, and opening changes nothing).
 */
export function linkRoute<S extends AnyObjectSchema>(
  router: Router,
  path: string,
  limiter: RequestHandler,
  schema: S,
  act: (body: InferType<S>) => Promise<unknown>,
): void {
  router.post(
    path,
    requireJsonBody,
    limiter,
    ...withBody(schema, async (body, _req, res) => {
      res.json(await act(body));
    }),
  );
}
