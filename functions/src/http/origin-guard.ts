/**
 * CORS limited to the site's own origins. The API is same-origin behind Firebase Hosting, so it
 * never sends Access-Control-Allow-* headers: a browser on another site cannot read any answer.
 * On top of that, a write (or a preflight) whose Origin header is not one of ours is refused
 * with 403 before anything runs. Requests without an Origin header (not from a browser page on
 * another site) pass; the rate limit is what protects against scripts.
 *
 * Allowed origins: `https://<project>.web.app` and `https://<project>.firebaseapp.com` of the
 * project the function runs in, its Hosting preview channels, plus every origin listed (comma-separated) in
 * API_ALLOWED_ORIGINS: the custom domains, tracked in functions/config/.env, which firebase-tools
 * reads for a deploy and for the emulator alike. Inside the Functions emulator only, the origins
 * in API_EMULATOR_ORIGINS (the local stack's hosting emulator and Vite dev server, set by
 * scripts/lib/stack.ts) are accepted too: a deployed function never reads that variable.
 */
import type { RequestHandler } from 'express';
import { DomainError } from '../shared/errors';

const normalise = (origin: string) => origin.trim().replace(/\/+$/, '').toLowerCase();

export function projectId(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GCLOUD_PROJECT) return env.GCLOUD_PROJECT;
  if (env.GOOGLE_CLOUD_PROJECT) return env.GOOGLE_CLOUD_PROJECT;
  try {
    const config = JSON.parse(env.FIREBASE_CONFIG ?? '{}') as { projectId?: unknown };
    return typeof config.projectId === 'string' ? config.projectId : undefined;
  } catch {
    return undefined;
  }
}

export function allowedOrigins(env: NodeJS.ProcessEnv): Set<string> {
  const origins = new Set<string>();
  const project = projectId(env);
  if (project) {
    origins.add(`https://${project}.web.app`);
    origins.add(`https://${project}.firebaseapp.com`);
  }
  const listed = [env.API_ALLOWED_ORIGINS ?? ''];
  if (env.FUNCTIONS_EMULATOR === 'true') listed.push(env.API_EMULATOR_ORIGINS ?? '');
  for (const origin of listed.join(',').split(',')) {
    if (origin.trim()) origins.add(normalise(origin));
  }
  return origins;
}

export const CROSS_ORIGIN_MESSAGE = 'Requests from other websites are not accepted.';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * A Firebase Hosting preview channel of this project (`https://<project>--<channel>-<hash>.web.app`,
 * `firebase hosting:channel:deploy`): its pages call this same function through its rewrite.
 */
export function isPreviewChannel(origin: string, project: string | undefined): boolean {
  if (!project) return false;
  const escaped = project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https://${escaped}--[a-z0-9-]+\\.web\\.app$`).test(normalise(origin));
}

export function sameSiteOnly(allowed: ReadonlySet<string>, project?: string): RequestHandler {
  return (req, res, next) => {
    const origin = req.header('origin');
    const ours =
      origin === undefined || allowed.has(normalise(origin)) || isPreviewChannel(origin, project);
    if (req.method === 'OPTIONS') {
      // Same-origin pages never preflight; answer without any Access-Control-* header.
      if (ours) res.status(204).end();
      else next(new DomainError('permission-denied', CROSS_ORIGIN_MESSAGE));
      return;
    }
    if (ours || READ_METHODS.has(req.method)) {
      next();
      return;
    }
    next(new DomainError('permission-denied', CROSS_ORIGIN_MESSAGE));
  };
}
