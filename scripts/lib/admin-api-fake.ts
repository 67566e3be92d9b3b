/**
 * A small HTTP fake of the documented Google admin APIs the setup and the smoke test call, for
 * the unit tests (scripts/lib/setup.test.ts): what a fresh project answers, every request
 * recorded. A fresh project is as Firebase makes it: Authentication never opened (no Auth config:
 * 404 CONFIGURATION_NOT_FOUND with Google's error body), no Hosting site, no Compute Engine
 * default service account until the first functions deploy, and answers that leave `false`
 * booleans out (as proto3 JSON does). Only the methods used, with their documented paths:
 *
 *   Identity Toolkit v2     GET/PATCH /v2/projects/{p}/config (updateMask of dotted paths),
 *                           POST /v2/projects/{p}/identityPlatform:initializeAuth
 *   Firebase Hosting        GET /v1beta1/projects/{p}/sites/{s}, POST .../sites?siteId={s}
 *   IAM v1                  GET /v1/projects/{p}/serviceAccounts/{email}
 *   Cloud Scheduler v1      GET /v1/projects/{p}/locations/{l}/jobs/{j}
 *   Firebase Management     GET/POST /v1beta1/projects/{p}/webApps, GET .../webApps/{a}/config,
 *                           GET /v1beta1/operations/{o}
 *   Resource Manager v1     GET /v1/projects/{p}, POST /v1/projects/{p}:getIamPolicy
 *   Firestore admin v1      GET/PATCH /v1/projects/{p}/databases/(default), POST
 *                           /v1/projects/{p}/databases?databaseId=(default), GET/POST
 *                           .../backupSchedules, GET .../operations/{o}
 *
 * A request without `Authorization: Bearer <token>` answers 401, an unknown path 404.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeState {
  /** Undefined until Auth is initialised (the console's "Get started", or initializeAuth). */
  authConfig?: Record<string, unknown>;
  /** Hosting sites by id (a new project has none). */
  sites: string[];
  /** Whether the Compute Engine default service account exists (made by the first deploy). */
  computeAccount: boolean;
  /** Cloud Scheduler jobs by id, with their state. */
  schedulerJobs: Record<string, { state: string; schedule: string }>;
  webApps: { appId: string; displayName: string; state: string }[];
  projectNumber: string;
  bindings: { role: string; members: string[] }[];
  database?: { name: string; locationId: string; pointInTimeRecoveryEnablement: string };
  backupSchedules: {
    name: string;
    retention: string;
    dailyRecurrence?: object;
    weeklyRecurrence?: { day: string };
  }[];
  /** The next POST whose path holds this is handled, then its connection dropped unanswered. */
  dropPost?: string;
}

interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface AdminApiFake {
  url: string;
  state: FakeState;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** What initializeAuth makes: the default authorised domains, every provider off. */
export const initialAuthConfig = (projectId: string): Record<string, unknown> => ({
  name: `projects/${projectId}/config`,
  signIn: { allowDuplicateEmails: false },
  authorizedDomains: ['localhost', `${projectId}.firebaseapp.com`, `${projectId}.web.app`],
});

/** A project as Firebase creates it: no Auth config, no web app, no site, no database. */
export function freshProject(_projectId: string): FakeState {
  return {
    sites: [],
    computeAccount: false,
    schedulerJobs: {},
    webApps: [],
    projectNumber: '123456789012',
    bindings: [],
    backupSchedules: [],
  };
}

/** The JSON of a proto3 answer: `false` booleans are left out (recursively). */
function withoutFalse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFalse);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== false)
        .map(([k, v]) => [k, withoutFalse(v)]),
    );
  }
  return value;
}

/** Google's error body for an Auth config that was never initialised (the real answer). */
const CONFIGURATION_NOT_FOUND = {
  error: {
    code: 404,
    message: 'CONFIGURATION_NOT_FOUND',
    errors: [{ message: 'CONFIGURATION_NOT_FOUND', domain: 'global', reason: 'notFound' }],
    status: 'NOT_FOUND',
  },
};

function applyMask(target: Record<string, unknown>, update: Record<string, unknown>, mask: string) {
  for (const path of mask.split(',')) {
    const fields = path.split('.');
    let dest = target;
    let src: Record<string, unknown> | undefined = update;
    for (const field of fields.slice(0, -1)) {
      dest = (dest[field] ??= {}) as Record<string, unknown>;
      src = src?.[field] as Record<string, unknown> | undefined;
    }
    const last = fields[fields.length - 1]!;
    if (src && last in src) dest[last] = src[last];
    else delete dest[last];
  }
}

export async function startAdminApiFake(
  projectId: string,
  state: FakeState = freshProject(projectId),
  token = 'test-token',
): Promise<AdminApiFake> {
  const requests: RecordedRequest[] = [];
  const p = `/projects/${projectId}`;
  const db = `/v1${p}/databases/(default)`;
  let ids = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      const method = req.method ?? 'GET';
      requests.push({ method, path: `${path}${url.search}`, body });
      const send = (status: number, json: unknown) => {
        if (method === 'POST' && state.dropPost && path.includes(state.dropPost)) {
          state.dropPost = undefined;
          req.socket.destroy();
          return;
        }
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(withoutFalse(json)));
      };
      const fail = (status: number, message: string) =>
        send(status, { error: { code: status, message } });
      if (req.headers.authorization !== `Bearer ${token}`) return fail(401, 'UNAUTHENTICATED');
      const route = `${method} ${path}`;
      switch (route) {
        case `GET /v2${p}/config`:
          return state.authConfig
            ? send(200, state.authConfig)
            : send(404, CONFIGURATION_NOT_FOUND);
        case `PATCH /v2${p}/config`: {
          if (!state.authConfig) return send(404, CONFIGURATION_NOT_FOUND);
          const mask = url.searchParams.get('updateMask');
          if (!mask || !body) return fail(400, 'updateMask and a body are required');
          applyMask(state.authConfig, body, mask);
          return send(200, state.authConfig);
        }
        case `POST /v2${p}/identityPlatform:initializeAuth`: {
          if (state.authConfig) return fail(400, 'INVALID_PROJECT_ID : already initialized');
          state.authConfig = initialAuthConfig(projectId);
          return send(200, {});
        }
        case `POST /v1beta1${p}/sites`: {
          const siteId = url.searchParams.get('siteId');
          if (!siteId) return fail(400, 'siteId is required');
          if (state.sites.includes(siteId)) return fail(409, `Site ${siteId} already exists`);
          state.sites.push(siteId);
          return send(200, {
            name: `projects/${projectId}/sites/${siteId}`,
            defaultUrl: `https://${siteId}.web.app`,
            type: 'DEFAULT_SITE',
          });
        }
        case `GET /v1beta1${p}/webApps`:
          return send(200, state.webApps.length ? { apps: state.webApps } : {});
        case `POST /v1beta1${p}/webApps`: {
          const appId = `1:${state.projectNumber}:web:${String(++ids).padStart(6, '0')}`;
          state.webApps.push({ appId, displayName: String(body?.displayName), state: 'ACTIVE' });
          return send(200, { name: `operations/webapp-${appId}`, done: false });
        }
        case `GET /v1${p}`:
          return send(200, { projectId, projectNumber: state.projectNumber });
        case `POST /v1${p}:getIamPolicy`:
          return send(200, { version: 1, bindings: state.bindings });
        case `GET ${db}`:
          return state.database ? send(200, state.database) : fail(404, 'database not found');
        case `POST /v1${p}/databases`: {
          if (url.searchParams.get('databaseId') !== '(default)') return fail(400, 'databaseId');
          if (state.database) return fail(409, 'ALREADY_EXISTS');
          state.database = {
            name: `projects/${projectId}/databases/(default)`,
            locationId: String(body?.locationId),
            pointInTimeRecoveryEnablement: 'POINT_IN_TIME_RECOVERY_DISABLED',
          };
          return send(200, {
            name: `${p.slice(1)}/databases/(default)/operations/create`,
            done: false,
          });
        }
        case `PATCH ${db}`: {
          if (!state.database) return fail(404, 'database not found');
          if (url.searchParams.get('updateMask') !== 'pointInTimeRecoveryEnablement') {
            return fail(400, 'unexpected updateMask');
          }
          state.database.pointInTimeRecoveryEnablement = String(
            body?.pointInTimeRecoveryEnablement,
          );
          return send(200, {
            name: `${p.slice(1)}/databases/(default)/operations/update`,
            done: true,
          });
        }
        case `GET ${db}/backupSchedules`:
          return send(
            200,
            state.backupSchedules.length ? { backupSchedules: state.backupSchedules } : {},
          );
        case `POST ${db}/backupSchedules`: {
          const schedule = {
            name: `projects/${projectId}/databases/(default)/backupSchedules/s${++ids}`,
            retention: String(body?.retention),
            ...(body?.dailyRecurrence ? { dailyRecurrence: body.dailyRecurrence as object } : {}),
            ...(body?.weeklyRecurrence
              ? { weeklyRecurrence: body.weeklyRecurrence as { day: string } }
              : {}),
          };
          state.backupSchedules.push(schedule);
          return send(200, schedule);
        }
      }
      if (method === 'GET' && path.startsWith('/v1beta1/operations/webapp-')) {
        return send(200, {
          done: true,
          response: { appId: path.slice('/v1beta1/operations/webapp-'.length) },
        });
      }
      if (method === 'GET' && path.startsWith(`${db}/operations/`))
        return send(200, { done: true });
      const site = new RegExp(`^/v1beta1${p}/sites/([^/]+)$`).exec(path);
      if (method === 'GET' && site) {
        return state.sites.includes(site[1]!)
          ? send(200, { name: `projects/${projectId}/sites/${site[1]}`, type: 'DEFAULT_SITE' })
          : fail(404, `Requested entity was not found.`);
      }
      const account = new RegExp(`^/v1${p}/serviceAccounts/([^/]+)$`).exec(path);
      if (method === 'GET' && account) {
        const compute = `${state.projectNumber}-compute@developer.gserviceaccount.com`;
        return account[1] === compute && state.computeAccount
          ? send(200, { email: compute, name: `projects/${projectId}/serviceAccounts/${compute}` })
          : fail(404, `Unknown service account`);
      }
      const job = new RegExp(`^/v1${p}/locations/([^/]+)/jobs/([^/]+)$`).exec(path);
      if (method === 'GET' && job) {
        const found = state.schedulerJobs[job[2]!];
        return found ? send(200, { name: path.slice(4), ...found }) : fail(404, `Job not found.`);
      }
      const config = new RegExp(`^/v1beta1${p}/webApps/([^/]+)/config$`).exec(path);
      if (method === 'GET' && config) {
        const app = state.webApps.find((a) => a.appId === config[1]);
        if (!app) return fail(404, 'no such app');
        return send(200, {
          projectId,
          appId: app.appId,
          apiKey: `key-of-${projectId}`,
          authDomain: `${projectId}.firebaseapp.com`,
          storageBucket: `${projectId}.firebasestorage.app`,
          messagingSenderId: state.projectNumber,
        });
      }
      return fail(404, `no route ${route}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
