/**
 * The setup (scripts/lib/setup.ts) wired to a project: a real one (Application Default
 * Credentials, Google's APIs, Firestore through the Admin SDK) or
 * the local emulators (`npm start`, the rehearsal, tests/rehearsal/): the same steps, the same
 * code, only the endpoints differ.
 */
import { join } from 'node:path';
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { COHORTS_COLLECTION, type CohortInput } from '@mentorship/domain';
import { foundingCohort } from './founding-cohort';
import {
  GOOGLE_API_BASES,
  adcToken,
  emulatorApiBases,
  googleApi,
  type GoogleApi,
} from './google-api';
import { PROJECT_ID, ROOT } from './paths';
import { runSetup, type CohortStore, type SetupReport } from './setup';
import type { Stack } from './stack';

/** Cohorts in Firestore: the first one is created in a transaction that finds none. */
function firestoreCohortStore(db: Firestore): CohortStore {
  const cohorts = db.collection(COHORTS_COLLECTION);
  return {
    async any() {
      return !(await cohorts.limit(1).get()).empty;
    },
    async createFirst(record) {
      return db.runTransaction(async (tx) => {
        if (!(await tx.get(cohorts.limit(1))).empty) return undefined;
        const ref = cohorts.doc();
        tx.create(ref, {
          ...record,
          createdAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        });
        return ref.id;
      });
    },
  };
}

const appFor = (projectId: string): App =>
  getApps().find((a) => a.name === `setup-${projectId}`) ??
  initializeApp({ projectId }, `setup-${projectId}`);

/** The Identity Toolkit admin API of the Auth emulator at `authHost` (admin token `owner`). */
export const emulatorApi = (authHost: string): GoogleApi =>
  googleApi(emulatorApiBases(authHost), async () => 'owner');

/**
 * The setup against a local stack's emulators (`host:port` of its Auth and Firestore emulators),
 * with an Admin SDK app of its own. The Auth emulator stores the sign-in settings without
 * enforcing most of them; the smoke test reads them back (tests/rehearsal/).
 */
export async function setupEmulators(options: {
  authHost: string;
  firestoreHost: string;
  projectId: string;
  siteUrl: string;
  firstCohort?: CohortInput;
}): Promise<SetupReport> {
  const api = emulatorApi(options.authHost);
  process.env.FIRESTORE_EMULATOR_HOST = options.firestoreHost;
  const app = initializeApp(
    { projectId: options.projectId },
    `setup-${options.projectId}-${options.firestoreHost}-${Date.now()}`,
  );
  try {
    return await runSetup({
      projectId: options.projectId,
      api,
      emulator: true,
      siteUrls: [options.siteUrl],
      cohorts: firestoreCohortStore(getFirestore(app)),
      firstCohort: options.firstCohort,
      pollMs: 0,
    });
  } finally {
    await deleteApp(app);
  }
}

/** A first cohort's input from today's founding-cohort dates (local stacks, the rehearsal). */
export function localFirstCohort(now = new Date()): CohortInput {
  const record = foundingCohort(now.toISOString().slice(0, 10));
  return { ...record, programEnd: record.programEnd };
}

/**
 * The setup of a stack this repository started (scripts/lib/stack.ts: `npm start`, the production
 * rehearsal of `npm test`): its emulators under the local project, its site, and a first cohort
 * whose application window is open today.
 */
export const setupLocalStack = (stack: Pick<Stack, 'env' | 'siteUrl'>): Promise<SetupReport> =>
  setupEmulators({
    authHost: stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
    firestoreHost: stack.env.FIRESTORE_EMULATOR_HOST as string,
    projectId: PROJECT_ID,
    siteUrl: stack.siteUrl,
    firstCohort: localFirstCohort(),
  });

/** The setup against a real project with Application Default Credentials. */
export async function setupProject(options: {
  projectId: string;
  siteUrls: string[];
  /** --site-url was given: SITE_URL and API_ALLOWED_ORIGINS follow it (else kept when set). */
  siteUrlGiven?: boolean;
  firstCohort?: CohortInput;
  serviceAccount?: string;
}): Promise<SetupReport> {
  const api = googleApi(GOOGLE_API_BASES, adcToken, options.projectId);
  return runSetup({
    projectId: options.projectId,
    api,
    emulator: false,
    siteUrls: options.siteUrls,
    siteUrlGiven: options.siteUrlGiven,
    announce: (line) => console.log(`writing    ${line}`),
    cohorts: firestoreCohortStore(getFirestore(appFor(options.projectId))),
    firstCohort: options.firstCohort,
    webEnvFile: join(ROOT, 'web', '.env.production'),
    functionsEnvFile: join(ROOT, 'functions', 'config', `.env.${options.projectId}`),
    serviceAccount: options.serviceAccount,
  });
}
