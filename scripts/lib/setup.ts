/**
 * `npm run setup -- --project <id>` (scripts/setup.ts): every project setting the site needs,
 * made true by one code path for a real project, the local emulators (`npm start`, the
 * rehearsal) and the unit tests' fake of the admin APIs. Each step reads first and writes only
 * what differs, so a second run changes nothing. Steps:
 *
 *   web config      Firebase Management API: the project's web app (made when there is none) and
 *                   its config, written to web/.env.production (git-ignored)        real only
 *   function params functions/config/.env.<project>: SITE_URL (https://<id>.web.app until a
 *                   custom domain is given) and API_ALLOWED_ORIGINS                 real only
 *   sign-in         Identity Toolkit admin API v2 getConfig/updateConfig: the Email/Password
 *                   provider (firebase.json `auth.providers`, by `firebase deploy --only auth`
 *                   where the project is real), e-mail link sign-in (`passwordRequired: false`,
 *                   which firebase.json cannot express) and the site's hosts as authorised
 *                   domains                                                         everywhere
 *   roles           Cloud Resource Manager: the functions' service account holds each role the
 *                   site needs, else the exact `gcloud` command is printed          real only
 *   database        Firestore admin API: the (default) database (made in nam5 when missing),
 *                   point-in-time recovery and a daily backup schedule              real only
 *   cohort          the first cohort, from the given dates, when there is none      everywhere
 *
 * The emulators serve only the Identity Toolkit API (stored, not enforced) and Firestore: the
 * other steps are listed as not applicable there, and the unit tests cover them against the fake.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  cohortSchema,
  withProgramEnd,
  type CohortInput,
  type CohortRecord,
} from '@mentorship/domain';
import type { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api';

/** Where the site's cohorts are kept (Firestore through the Admin SDK; a map in unit tests). */
export interface CohortStore {
  /** Whether any cohort exists. */
  any(): Promise<boolean>;
  /** Stores the cohort unless one exists by then; answers its id, or undefined when one did. */
  createFirst(record: CohortRecord): Promise<string | undefined>;
}

/** Roles the functions' runtime (and, since 2024, build) service account needs. */
export const REQUIRED_ROLES: readonly { role: string; why: string }[] = [
  { role: 'roles/datastore.user', why: 'the functions read and write Firestore' },
  {
    role: 'roles/firebaseauth.admin',
    why: 'deliverMail makes sign-in links; the API manages coordinators',
  },
  { role: 'roles/logging.logWriter', why: "the functions' logs" },
  {
    role: 'roles/cloudbuild.builds.builder',
    why: 'Cloud Build builds the functions as this account',
  },
];
/** Basic roles that hold every permission of REQUIRED_ROLES. */
const COVERING_ROLES = new Set(['roles/editor', 'roles/owner']);

const BACKUP_RETENTION = '604800s'; // 7 days, the longest a daily backup may be kept
const FIRESTORE_LOCATION = 'nam5';
const WEB_APP_NAME = 'Default Web App'; // the name `firebase deploy --only auth` looks for

export interface SetupOptions {
  projectId: string;
  api: GoogleApi;
  /** The site's origins: their hosts must be authorised domains (the first is SITE_URL). */
  siteUrls: string[];
  /** Local emulators: the steps without an emulator are reported as not applicable. */
  emulator: boolean;
  /** Turns on firebase.json's `auth.providers` (`firebase deploy --only auth`). */
  deployAuthProviders(): Promise<void>;
  cohorts: CohortStore;
  /** The first cohort's dates, used only when there is no cohort. */
  firstCohort?: CohortInput;
  /** web/.env.production (real projects). */
  webEnvFile?: string;
  /** functions/config/.env.<projectId> (real projects). */
  functionsEnvFile?: string;
  /** The functions' service account; default the Compute Engine default account. */
  serviceAccount?: string;
  /** Waits between polls of a long-running operation (tests: 0). */
  pollMs?: number;
}

export interface SetupReport {
  /** What this run changed, one line each. */
  changed: string[];
  /** What was already right. */
  unchanged: string[];
  /** What the operator must do (e.g. a role to grant), with the exact command. */
  todo: string[];
  /** Steps that do not apply here (the emulators). */
  notApplicable: string[];
}

interface AuthConfig {
  signIn?: { email?: { enabled?: boolean; passwordRequired?: boolean } };
  authorizedDomains?: string[];
}

interface Operation {
  name: string;
  done?: boolean;
  error?: { message?: string };
  response?: Record<string, unknown>;
}

const hostsOf = (urls: readonly string[]): string[] => [
  ...new Set(urls.map((u) => new URL(u).hostname)),
];

async function waitForOperation(
  api: GoogleApi,
  base: string,
  version: string,
  op: Operation,
  pollMs: number,
): Promise<Operation> {
  let current = op;
  for (let i = 0; !current.done; i++) {
    if (i >= 150)
      throw new Error(`${op.name}: not done after ${Math.round((150 * pollMs) / 1000)} s`);
    await new Promise((r) => setTimeout(r, pollMs));
    current = await api.call<Operation>('GET', `${base}/${version}/${op.name}`);
  }
  if (current.error) throw new Error(`${op.name}: ${current.error.message ?? 'failed'}`);
  return current;
}

/** The dotenv text of a web config, in FIREBASE_WEB_CONFIG_KEYS order. */
function webEnvText(config: {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}): string {
  return [
    '# Written by `npm run setup` from the Firebase Management API (not secret; git-ignored).',
    `VITE_FIREBASE_API_KEY=${config.apiKey}`,
    `VITE_FIREBASE_AUTH_DOMAIN=${config.authDomain}`,
    `VITE_FIREBASE_PROJECT_ID=${config.projectId}`,
    `VITE_FIREBASE_APP_ID=${config.appId}`,
    '',
  ].join('\n');
}

/** functions/config/.env.<project>: the params that differ per project. */
function functionsEnvText(siteUrls: readonly string[], projectId: string): string {
  const site = siteUrls[0]!.replace(/\/+$/, '');
  const defaults = [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
  const custom = siteUrls.map((u) => new URL(u).origin).filter((o) => !defaults.includes(o));
  return [
    `# Written by \`npm run setup -- --project ${projectId}\`: this project's values over .env.`,
    `SITE_URL=${site}`,
    `API_ALLOWED_ORIGINS=${custom.join(',')}`,
    '',
  ].join('\n');
}

/** Writes `text` unless the file already holds it; answers whether it wrote. */
function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

export async function runSetup(options: SetupOptions): Promise<SetupReport> {
  const { api, projectId, emulator } = options;
  const pollMs = options.pollMs ?? 2000;
  const report: SetupReport = { changed: [], unchanged: [], todo: [], notApplicable: [] };
  const project = `projects/${projectId}`;

  // Web config (before the auth deploy: `firebase deploy --only auth` uses the same web app).
  const firebaseApi = api.bases.firebase;
  if (emulator || !firebaseApi || !options.webEnvFile) {
    report.notApplicable.push('web config (local builds read no env file)');
  } else {
    const list = await api.call<{
      apps?: { appId: string; displayName?: string; state?: string }[];
    }>('GET', `${firebaseApi}/v1beta1/${project}/webApps`);
    const apps = (list.apps ?? []).filter((a) => a.state !== 'DELETED');
    let app = apps.find((a) => a.displayName === WEB_APP_NAME) ?? apps[0];
    if (!app) {
      const op = await api.call<Operation>('POST', `${firebaseApi}/v1beta1/${project}/webApps`, {
        displayName: WEB_APP_NAME,
      });
      const done = await waitForOperation(api, firebaseApi, 'v1beta1', op, pollMs);
      app = { appId: String(done.response?.appId) };
      report.changed.push(`Web app "${WEB_APP_NAME}" created (${app.appId})`);
    }
    const config = await api.call<{
      apiKey: string;
      authDomain: string;
      projectId: string;
      appId: string;
    }>('GET', `${firebaseApi}/v1beta1/${project}/webApps/${app.appId}/config`);
    if (writeIfChanged(options.webEnvFile, webEnvText(config))) {
      report.changed.push(`Web config written to ${options.webEnvFile}`);
    } else report.unchanged.push('web config');
  }

  // Function params per project.
  if (emulator || !options.functionsEnvFile) {
    report.notApplicable.push('function params (the local stack writes its own)');
  } else if (
    writeIfChanged(options.functionsEnvFile, functionsEnvText(options.siteUrls, projectId))
  ) {
    report.changed.push(`SITE_URL ${options.siteUrls[0]} written to ${options.functionsEnvFile}`);
  } else report.unchanged.push(`SITE_URL ${options.siteUrls[0]}`);

  // Sign-in: provider, e-mail link, authorised domains.
  const configUrl = `${api.bases.identitytoolkit}/v2/${project}/config`;
  let config = await api.call<AuthConfig>('GET', configUrl);
  if (config.signIn?.email?.enabled !== true) {
    await options.deployAuthProviders();
    config = await api.call<AuthConfig>('GET', configUrl);
    if (config.signIn?.email?.enabled !== true) {
      throw new Error('The Email/Password provider is still off after enabling it.');
    }
    report.changed.push('Email/Password sign-in provider turned on');
  } else report.unchanged.push('Email/Password sign-in provider');
  if (config.signIn?.email?.passwordRequired !== false) {
    await api.call(
      'PATCH',
      `${configUrl}?updateMask=signIn.email.enabled,signIn.email.passwordRequired`,
      { signIn: { email: { enabled: true, passwordRequired: false } } },
    );
    report.changed.push('E-mail link (passwordless) sign-in turned on');
  } else report.unchanged.push('e-mail link sign-in');
  const domains = config.authorizedDomains ?? [];
  const missing = hostsOf(options.siteUrls).filter((h) => !domains.includes(h));
  if (missing.length > 0) {
    await api.call('PATCH', `${configUrl}?updateMask=authorizedDomains`, {
      authorizedDomains: [...domains, ...missing],
    });
    report.changed.push(`Authorised domains: ${missing.join(', ')} added`);
  } else report.unchanged.push(`authorised domains (${hostsOf(options.siteUrls).join(', ')})`);

  // The functions' service account's roles.
  const crm = api.bases.resourcemanager;
  if (emulator || !crm) {
    report.notApplicable.push('service account roles (the emulators check none)');
  } else {
    const { projectNumber } = await api.call<{ projectNumber: string }>(
      'GET',
      `${crm}/v1/projects/${projectId}`,
    );
    const account =
      options.serviceAccount ?? `${projectNumber}-compute@developer.gserviceaccount.com`;
    const member = `serviceAccount:${account}`;
    const policy = await api.call<{ bindings?: { role: string; members?: string[] }[] }>(
      'POST',
      `${crm}/v1/projects/${projectId}:getIamPolicy`,
      { options: { requestedPolicyVersion: 3 } },
    );
    const held = new Set(
      (policy.bindings ?? []).filter((b) => b.members?.includes(member)).map((b) => b.role),
    );
    const covered = [...held].some((r) => COVERING_ROLES.has(r));
    for (const { role, why } of REQUIRED_ROLES) {
      if (covered || held.has(role)) continue;
      report.todo.push(
        `Missing role ${role} for ${account} (${why}): gcloud projects add-iam-policy-binding ${projectId} --member="${member}" --role="${role}" --condition=None`,
      );
    }
    if (report.todo.length === 0) report.unchanged.push(`roles of ${account}`);
  }

  // Firestore: the database, point-in-time recovery, daily backups.
  const fs = api.bases.firestore;
  if (emulator || !fs) {
    report.notApplicable.push('Firestore point-in-time recovery and backups (no emulator)');
  } else {
    const dbUrl = `${fs}/v1/${project}/databases/(default)`;
    let db: { locationId?: string; pointInTimeRecoveryEnablement?: string } | undefined;
    try {
      db = await api.call('GET', dbUrl);
    } catch (error) {
      if (!(error instanceof GoogleApiError) || error.status !== 404) throw error;
    }
    if (!db) {
      const op = await api.call<Operation>(
        'POST',
        `${fs}/v1/${project}/databases?databaseId=(default)`,
        { type: 'FIRESTORE_NATIVE', locationId: FIRESTORE_LOCATION },
      );
      await waitForOperation(api, fs, 'v1', op, pollMs);
      db = await api.call('GET', dbUrl);
      report.changed.push(`Firestore database created in ${FIRESTORE_LOCATION}`);
    }
    if (db && !/^(nam|us-)/.test(db.locationId ?? '')) {
      report.todo.push(
        `Firestore is in ${db.locationId}, not the United States the privacy page promises: use a new project.`,
      );
    }
    if (db?.pointInTimeRecoveryEnablement !== 'POINT_IN_TIME_RECOVERY_ENABLED') {
      await api.call('PATCH', `${dbUrl}?updateMask=pointInTimeRecoveryEnablement`, {
        pointInTimeRecoveryEnablement: 'POINT_IN_TIME_RECOVERY_ENABLED',
      });
      report.changed.push('Firestore point-in-time recovery turned on (7 days)');
    } else report.unchanged.push('Firestore point-in-time recovery');
    const schedules = await api.call<{
      backupSchedules?: { name: string; dailyRecurrence?: object }[];
    }>('GET', `${dbUrl}/backupSchedules`);
    if (!(schedules.backupSchedules ?? []).some((s) => s.dailyRecurrence)) {
      await api.call('POST', `${dbUrl}/backupSchedules`, {
        retention: BACKUP_RETENTION,
        dailyRecurrence: {},
      });
      report.changed.push('Firestore daily backup scheduled (kept 7 days)');
    } else report.unchanged.push('Firestore daily backup schedule');
  }

  // The first cohort.
  if (await options.cohorts.any()) {
    report.unchanged.push('a cohort exists');
  } else if (options.firstCohort) {
    const input = await cohortSchema.validate(options.firstCohort, { abortEarly: false });
    const record = withProgramEnd(input);
    const id = await options.cohorts.createFirst(record);
    if (id) {
      report.changed.push(
        `First cohort "${record.name}" created (${id}): applications ${record.applicationsOpen} to ${record.applicationsClose}, program ${record.programStart} to ${record.programEnd}`,
      );
    } else report.unchanged.push('a cohort exists');
  } else {
    report.todo.push(
      'No cohort: every application answers "Applications are closed". Run setup again with --cohort "Fall 2027" --open YYYY-MM-DD --close YYYY-MM-DD --matching-done-by YYYY-MM-DD --start YYYY-MM-DD, or add one on /admin/cohorts.',
    );
  }

  return report;
}

/** The report as printed: what changed first, then what is left to do. */
export function formatReport(report: SetupReport): string {
  const lines: string[] = [];
  for (const line of report.changed) lines.push(`changed    ${line}`);
  for (const line of report.unchanged) lines.push(`unchanged  ${line}`);
  for (const line of report.notApplicable) lines.push(`n/a        ${line}`);
  for (const line of report.todo) lines.push(`TO DO      ${line}`);
  lines.push(
    report.changed.length
      ? `setup: ${report.changed.length} setting(s) changed${report.todo.length ? `, ${report.todo.length} to do` : ''}`
      : `setup: nothing changed${report.todo.length ? `, ${report.todo.length} to do` : ''}`,
  );
  return lines.join('\n');
}
