/**
 * `npm run setup -- --project <id>` (scripts/setup.ts): every project setting the site needs,
 * made true by one code path for a real project, the local emulators (`npm start`, the
 * rehearsal) and the unit tests' fake of the admin APIs. Each step reads first and writes only
 * what differs, so a second run changes nothing. Steps:
 *
 *   web config      Firebase Management API: the project's web app (made when there is none) and
 *                   its config, written to web/.env.production (git-ignored)        real only
 *   hosting site    Firebase Hosting API: the default site <id> (a new project has none, and
 *                   `firebase deploy` stops without it)                             real only
 *   function params functions/config/.env.<project>, merged: SITE_URL and API_ALLOWED_ORIGINS
 *                   are written when absent or when --site-url is given; every other line the
 *                   operator wrote is kept                                          real only
 *   sign-in         Identity Toolkit admin API v2: Auth initialised when the project has no
 *                   config yet (initializeAuth), the Email/Password provider with e-mail link
 *                   sign-in (`passwordRequired: false`; an answer may leave a false out), the
 *                   site's hosts as authorised domains                              everywhere
 *   hardening       the same API: sign-up from the browser off (applicants' accounts are made by
 *                   the functions), e-mail enumeration protection on, a password policy of at
 *                   least PASSWORD_MIN_LENGTH characters, enforced                  everywhere
 *   roles           Cloud Resource Manager: the functions' service account holds each role the
 *                   site needs, else the exact `gcloud` command is printed; the Compute Engine
 *                   default account that the first functions deploy creates is checked after
 *                   that deploy (`npm run deploy` does)                             real only
 *   database        Firestore admin API: the (default) database (made in nam5 when missing),
 *                   point-in-time recovery, a daily backup kept 7 days and a weekly one kept
 *                   14 weeks                                                        real only
 *   cohort          the first cohort, from the given dates, when there is none      everywhere
 *
 * Auth belongs to this setup only: firebase.json declares no `auth` section, so no
 * `firebase deploy` (with or without --only) changes sign-in settings.
 *
 * The emulators serve only the Identity Toolkit API (stored, not enforced) and Firestore: the
 * other steps are listed as not applicable there, and the unit tests cover them against the fake.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  PASSWORD_MIN_LENGTH,
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

/**
 * Roles the functions' runtime (and, since 2024, build) service account needs. `basic: false`: a
 * role that Editor and Owner do not include, needed even then.
 */
export const REQUIRED_ROLES: readonly { role: string; why: string; basic?: false }[] = [
  { role: 'roles/datastore.user', why: 'the functions read and write Firestore' },
  {
    role: 'roles/firebaseauth.admin',
    why: "deliverMail makes applicants' accounts and sign-in links; the API manages coordinators and looks up applicants' accounts",
  },
  { role: 'roles/logging.logWriter', why: "the functions' logs" },
  {
    role: 'roles/cloudbuild.builds.builder',
    why: 'Cloud Build builds the functions as this account',
  },
  {
    role: 'roles/iam.serviceAccountTokenCreator',
    why: "the passkey step signs each confirmed session's one-time sign-in token with this account (a custom token, signed through IAM)",
    basic: false,
  },
];
/** Basic roles that hold every permission of REQUIRED_ROLES but those marked `basic: false`. */
const COVERING_ROLES = new Set(['roles/editor', 'roles/owner']);

// Firestore keeps a backup at most 14 weeks, daily or weekly alike: the daily one is kept a week
// (the recent past, day by day), the weekly one the full 14 weeks (the longer past).
const DAILY_BACKUP_RETENTION = '604800s'; // 7 days
const WEEKLY_BACKUP_RETENTION = '8467200s'; // 14 weeks
const WEEKLY_BACKUP_DAY = 'SUNDAY';
const FIRESTORE_LOCATION = 'nam5';
const WEB_APP_NAME = 'Default Web App'; // the name firebase-tools looks for when it needs one
/** The shortest password the Auth service accepts (coordinators; the app's forms ask the same). */
export const AUTH_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;

export interface SetupOptions {
  projectId: string;
  api: GoogleApi;
  /** The site's origins: their hosts must be authorised domains (the first is SITE_URL). */
  siteUrls: string[];
  /**
   * Whether the operator named the site (--site-url): only then are SITE_URL and
   * API_ALLOWED_ORIGINS replaced in functions/config/.env.<project>; otherwise they are written
   * only where absent.
   */
  siteUrlGiven?: boolean;
  /** Says a change to the function params before it is written (the operator sees it first). */
  announce?: (line: string) => void;
  /** Local emulators: the steps without an emulator are reported as not applicable. */
  emulator: boolean;
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
  /** Checks that wait for something a later step makes (the first functions deploy). */
  later: string[];
}

export interface AuthConfig {
  signIn?: { email?: { enabled?: boolean; passwordRequired?: boolean } };
  authorizedDomains?: string[];
  client?: { permissions?: { disabledUserSignup?: boolean; disabledUserDeletion?: boolean } };
  emailPrivacyConfig?: { enableImprovedEmailPrivacy?: boolean };
  passwordPolicyConfig?: {
    passwordPolicyEnforcementState?: string;
    passwordPolicyVersions?: { customStrengthOptions?: { minPasswordLength?: number } }[];
  };
}

/**
 * The sign-in settings the site needs, read from a config as the API answers it (proto3 JSON
 * leaves a `false` out, so an absent boolean is false). Shared with the smoke test.
 */
export function authSettings(config: AuthConfig): {
  emailProvider: boolean;
  emailLink: boolean;
  signupDisabled: boolean;
  deletionDisabled: boolean;
  enumerationProtection: boolean;
  passwordPolicy: boolean;
} {
  const email = config.signIn?.email;
  const policy = config.passwordPolicyConfig;
  const minLength = policy?.passwordPolicyVersions?.[0]?.customStrengthOptions?.minPasswordLength;
  return {
    emailProvider: email?.enabled === true,
    emailLink: email?.enabled === true && email.passwordRequired !== true,
    signupDisabled: config.client?.permissions?.disabledUserSignup === true,
    deletionDisabled: config.client?.permissions?.disabledUserDeletion === true,
    enumerationProtection: config.emailPrivacyConfig?.enableImprovedEmailPrivacy === true,
    passwordPolicy:
      policy?.passwordPolicyEnforcementState === 'ENFORCE' &&
      (minLength ?? 0) >= AUTH_PASSWORD_MIN_LENGTH,
  };
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

/** SITE_URL and API_ALLOWED_ORIGINS for the given site origins. */
function siteParams(siteUrls: readonly string[], projectId: string): Record<string, string> {
  const site = siteUrls[0]!.replace(/\/+$/, '');
  const defaults = [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
  const custom = siteUrls.map((u) => new URL(u).origin).filter((o) => !defaults.includes(o));
  return { SITE_URL: site, API_ALLOWED_ORIGINS: custom.join(',') };
}

const ENV_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

/** The value of each key in a dotenv text (quotes removed; the last line of a key wins). */
export function dotenvValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = ENV_LINE.exec(line);
    if (match) values[match[1]!] = match[2]!.trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return values;
}

/**
 * `text` with `updates` applied: a key's line is replaced where it stands, a new key appended;
 * every other line (the operator's keys, comments, blank lines) is kept as it was.
 */
export function mergeDotenv(text: string, updates: Readonly<Record<string, string>>): string {
  const seen = new Set<string>();
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const merged = lines.map((line) => {
    const key = ENV_LINE.exec(line)?.[1];
    if (key === undefined || !(key in updates)) return line;
    seen.add(key);
    return `${key}=${updates[key]}`;
  });
  for (const [key, value] of Object.entries(updates)) {
    if (!seen.has(key)) merged.push(`${key}=${value}`);
  }
  return `${merged.join('\n')}\n`;
}

/** Writes `text` unless the file already holds it; answers whether it wrote. */
function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

export interface BackupSchedule {
  name: string;
  retention?: string;
  dailyRecurrence?: object;
  weeklyRecurrence?: { day?: string };
}

/**
 * Whether the functions' service account exists (the Compute Engine default account appears
 * with the first functions deploy, unless named by --service-account) and which roles it lacks,
 * each with the `gcloud` command that grants it.
 */
export async function checkRoles(
  api: GoogleApi,
  projectId: string,
  serviceAccount?: string,
): Promise<{ account: string; exists: boolean; todo: string[] }> {
  const crm = api.bases.resourcemanager;
  if (!crm) throw new Error('no Cloud Resource Manager API to ask');
  const { projectNumber } = await api.call<{ projectNumber: string }>(
    'GET',
    `${crm}/v1/projects/${projectId}`,
  );
  const account = serviceAccount ?? `${projectNumber}-compute@developer.gserviceaccount.com`;
  if (!serviceAccount && api.bases.iam) {
    const found = await api
      .call('GET', `${api.bases.iam}/v1/projects/${projectId}/serviceAccounts/${account}`)
      .catch(async (error: unknown) => {
        if (!(error instanceof GoogleApiError)) throw error;
        if (error.status === 404) return undefined;
        // IAM answers 403 "denied on resource (or it may not exist)" for an account that does not
        // exist, even to a caller allowed to read accounts: only such a caller's 403 means "not
        // there yet"; anyone else's could hide an existing account and its missing roles.
        if (error.status === 403 && (await mayReadAccounts(api, crm, projectId))) return undefined;
        if (error.status === 403) {
          throw new Error(
            `IAM would not say whether ${account} exists: these credentials lack iam.serviceAccounts.get on ${projectId} (Service Account User, roles/iam.serviceAccountUser, on the project has it: docs/operations.md, the deployer's roles)`,
          );
        }
        throw error;
      });
    if (!found) return { account, exists: false, todo: [] };
  }
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
  const todo: string[] = [];
  for (const { role, why, basic } of REQUIRED_ROLES) {
    if ((covered && basic !== false) || held.has(role)) continue;
    todo.push(
      `Missing role ${role} for ${account} (${why}): gcloud projects add-iam-policy-binding ${projectId} --member="${member}" --role="${role}" --condition=None`,
    );
  }
  return { account, exists: true, todo };
}

/** Whether the caller holds iam.serviceAccounts.get on the project (Resource Manager's answer). */
async function mayReadAccounts(api: GoogleApi, crm: string, projectId: string): Promise<boolean> {
  const permission = 'iam.serviceAccounts.get';
  const { permissions = [] } = await api.call<{ permissions?: string[] }>(
    'POST',
    `${crm}/v1/projects/${projectId}:testIamPermissions`,
    { permissions: [permission] },
  );
  return permissions.includes(permission);
}

/**
 * Reads `read` until it answers something, at most `tries` times `pollMs` apart: for what Google
 * made a moment ago and does not show everywhere yet (`read` answers undefined meanwhile).
 */
async function untilVisible<T>(
  read: () => Promise<T | undefined>,
  tries: number,
  pollMs: number,
): Promise<T | undefined> {
  for (let i = 0; i < tries; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, pollMs));
    const found = await read();
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Reads of a new Hosting site, and of a new Auth config, before the setup gives up on it. */
const VISIBLE_TRIES = 60;

export async function runSetup(options: SetupOptions): Promise<SetupReport> {
  const { api, projectId, emulator } = options;
  const pollMs = options.pollMs ?? 2000;
  const report: SetupReport = {
    changed: [],
    unchanged: [],
    todo: [],
    notApplicable: [],
    later: [],
  };
  const project = `projects/${projectId}`;

  // Web config: the web app whose config the production build embeds.
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

  // The default Hosting site: `firebase deploy` releases to it and stops when there is none.
  const hosting = api.bases.firebasehosting;
  if (emulator || !hosting) {
    report.notApplicable.push('Hosting site (the emulator serves any)');
  } else {
    const siteUrl = `${hosting}/v1beta1/${project}/sites/${projectId}`;
    const readSite = () =>
      api.call<object>('GET', siteUrl).catch((error: unknown) => {
        if (error instanceof GoogleApiError && error.status === 404) return undefined;
        throw error;
      });
    if (await readSite()) report.unchanged.push(`Hosting site ${projectId}`);
    else {
      await api.call('POST', `${hosting}/v1beta1/${project}/sites?siteId=${projectId}`, {});
      // A new site "can take several minutes to propagate": `firebase deploy` stops on a site it
      // cannot see yet, so the setup waits until it shows.
      if (!(await untilVisible(readSite, VISIBLE_TRIES, pollMs))) {
        throw new Error(
          `Hosting site ${projectId} was created but is still not visible after ${Math.round((VISIBLE_TRIES * pollMs) / 1000)} s; run the same command again in a few minutes (it will find the site)`,
        );
      }
      report.changed.push(`Hosting site ${projectId} created`);
    }
  }

  // Function params per project: merged into what the operator keeps there.
  if (emulator || !options.functionsEnvFile) {
    report.notApplicable.push('function params (the local stack writes its own)');
  } else {
    const file = options.functionsEnvFile;
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const current = dotenvValues(before);
    const wanted = siteParams(options.siteUrls, projectId);
    const updates: Record<string, string> = {};
    for (const [key, value] of Object.entries(wanted)) {
      // Without --site-url, a value already there is the operator's (e.g. the custom domain).
      if (current[key] === undefined || (options.siteUrlGiven && current[key] !== value)) {
        updates[key] = value;
      }
    }
    const keys = Object.keys(updates);
    if (keys.length === 0) report.unchanged.push(`SITE_URL ${current.SITE_URL} (${file})`);
    else {
      for (const key of keys) {
        options.announce?.(
          `${file}: ${key} ${current[key] === undefined ? '(absent)' : `"${current[key]}"`} -> "${updates[key]}"`,
        );
      }
      const header = `# Per-project values over .env; \`npm run setup\` sets SITE_URL and API_ALLOWED_ORIGINS only when absent or given --site-url, and keeps every other line.`;
      writeFileSync(file, mergeDotenv(before === '' ? `${header}\n` : before, updates));
      report.changed.push(
        `${keys.map((k) => `${k}=${updates[k]}`).join(', ')} written to ${file} (other lines kept)`,
      );
    }
  }

  // Sign-in: Auth itself, the provider, e-mail link, authorised domains.
  const configUrl = `${api.bases.identitytoolkit}/v2/${project}/config`;
  // A project whose Authentication page was never opened has no config at all.
  const readConfig = () =>
    api.call<AuthConfig>('GET', configUrl).catch((error: unknown) => {
      if (
        error instanceof GoogleApiError &&
        error.status === 404 &&
        error.apiMessage.startsWith('CONFIGURATION_NOT_FOUND')
      ) {
        return undefined;
      }
      throw error;
    });
  let config = await readConfig();
  if (!config) {
    await api.call(
      'POST',
      `${api.bases.identitytoolkit}/v2/${project}/identityPlatform:initializeAuth`,
      {},
    );
    // The config initializeAuth made may answer CONFIGURATION_NOT_FOUND for a moment.
    config = await untilVisible(readConfig, VISIBLE_TRIES, pollMs);
    if (!config) {
      throw new Error(
        `Authentication was initialised but its config is still not readable after ${Math.round((VISIBLE_TRIES * pollMs) / 1000)} s; run the same command again in a few minutes`,
      );
    }
    report.changed.push('Authentication initialised (the project had no Auth config)');
  }
  const settings = authSettings(config);
  if (!settings.emailProvider || !settings.emailLink) {
    await api.call(
      'PATCH',
      `${configUrl}?updateMask=signIn.email.enabled,signIn.email.passwordRequired`,
      { signIn: { email: { enabled: true, passwordRequired: false } } },
    );
    if (!settings.emailProvider) report.changed.push('Email/Password sign-in provider turned on');
    report.changed.push('E-mail link (passwordless) sign-in turned on');
  } else {
    report.unchanged.push('Email/Password sign-in provider');
    report.unchanged.push('e-mail link sign-in');
  }
  const domains = config.authorizedDomains ?? [];
  const missing = hostsOf(options.siteUrls).filter((h) => !domains.includes(h));
  if (missing.length > 0) {
    await api.call('PATCH', `${configUrl}?updateMask=authorizedDomains`, {
      authorizedDomains: [...domains, ...missing],
    });
    report.changed.push(`Authorised domains: ${missing.join(', ')} added`);
  } else report.unchanged.push(`authorised domains (${hostsOf(options.siteUrls).join(', ')})`);

  // Hardening: nobody makes an account from the browser (applicants' accounts are made by the
  // functions when their first link is sent, coordinators' by an invitation), Firebase's own
  // endpoints do not tell which addresses have accounts, and a password is long.
  if (!settings.signupDisabled) {
    await api.call('PATCH', `${configUrl}?updateMask=client.permissions.disabledUserSignup`, {
      client: { permissions: { disabledUserSignup: true } },
    });
    report.changed.push('Sign-up from the browser turned off');
  } else report.unchanged.push('sign-up from the browser off');
  // Firebase's public accounts:delete takes any signed-in token: a coordinator's password alone
  // (no passkey) could otherwise delete the account. Nobody deletes their own account here:
  // coordinators are removed by the team, applicants erased by the function.
  if (!settings.deletionDisabled) {
    await api.call('PATCH', `${configUrl}?updateMask=client.permissions.disabledUserDeletion`, {
      client: { permissions: { disabledUserDeletion: true } },
    });
    report.changed.push('Account deletion from the browser turned off');
  } else report.unchanged.push('account deletion from the browser off');
  if (!settings.enumerationProtection) {
    await api.call(
      'PATCH',
      `${configUrl}?updateMask=emailPrivacyConfig.enableImprovedEmailPrivacy`,
      { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } },
    );
    report.changed.push('E-mail enumeration protection turned on');
  } else report.unchanged.push('e-mail enumeration protection');
  if (!settings.passwordPolicy) {
    await api.call('PATCH', `${configUrl}?updateMask=passwordPolicyConfig`, {
      passwordPolicyConfig: {
        passwordPolicyEnforcementState: 'ENFORCE',
        passwordPolicyVersions: [
          { customStrengthOptions: { minPasswordLength: AUTH_PASSWORD_MIN_LENGTH } },
        ],
      },
    });
    report.changed.push(
      `Password policy: at least ${AUTH_PASSWORD_MIN_LENGTH} characters, enforced`,
    );
  } else report.unchanged.push(`password policy (at least ${AUTH_PASSWORD_MIN_LENGTH} characters)`);

  // The functions' service account's roles.
  if (emulator || !api.bases.resourcemanager) {
    report.notApplicable.push('service account roles (the emulators check none)');
  } else {
    const roles = await checkRoles(api, projectId, options.serviceAccount);
    if (!roles.exists) {
      report.later.push(
        `roles of ${roles.account}: the first functions deploy creates this account; \`npm run deploy\` checks them after it`,
      );
    } else if (roles.todo.length === 0) report.unchanged.push(`roles of ${roles.account}`);
    report.todo.push(...roles.todo);
  }

  // Firestore: the database, point-in-time recovery, daily and weekly backups.
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
    const schedules =
      (await api.call<{ backupSchedules?: BackupSchedule[] }>('GET', `${dbUrl}/backupSchedules`))
        .backupSchedules ?? [];
    if (!schedules.some((s) => s.dailyRecurrence)) {
      await api.call('POST', `${dbUrl}/backupSchedules`, {
        retention: DAILY_BACKUP_RETENTION,
        dailyRecurrence: {},
      });
      report.changed.push('Firestore daily backup scheduled (kept 7 days)');
    } else report.unchanged.push('Firestore daily backup schedule');
    if (!schedules.some((s) => s.weeklyRecurrence)) {
      await api.call('POST', `${dbUrl}/backupSchedules`, {
        retention: WEEKLY_BACKUP_RETENTION,
        weeklyRecurrence: { day: WEEKLY_BACKUP_DAY },
      });
      report.changed.push('Firestore weekly backup scheduled (Sundays, kept 14 weeks)');
    } else report.unchanged.push('Firestore weekly backup schedule');
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
  for (const line of report.later) lines.push(`later      ${line}`);
  for (const line of report.todo) lines.push(`TO DO      ${line}`);
  lines.push(
    report.changed.length
      ? `setup: ${report.changed.length} setting(s) changed${report.todo.length ? `, ${report.todo.length} to do` : ''}`
      : `setup: nothing changed${report.todo.length ? `, ${report.todo.length} to do` : ''}`,
  );
  return lines.join('\n');
}
