/**
 * Wraps an async route handler so a rejection reaches the error handler. Express 5 does this by
 * itself, but a bundle run from outside functions/ (the test and bench stacks build into .stack/)
 * resolves the workspace root's Express 4, which would leave the rejection unhandled and crash
 * the function instance.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const handle =
  (fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    fn(req, res, next).catch(next);
  };
