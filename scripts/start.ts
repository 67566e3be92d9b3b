/**
 * `npm start`: builds the function and the web app, starts the emulator stack, restores the
 * local data (or seeds demo data on first run), makes the demo administrator and prints where to
 * go. Ctrl-C saves the data (the emulators' own export) and stops everything it started. The
 * scheduled functions' work runs on their schedules, as Cloud Scheduler runs it for the deployed
 * site (scripts/lib/local-scheduler.ts).
 *
 *   npm start                 the site at http://127.0.0.1:5000
 *   npm start -- --large      seed 5,000 students, 2,000 mentors, 2,000 pairs (first run)
 *   npm start -- --reset      forget local data first
 *   npm start -- --port-offset 40
 *                             every port moved by 40 (site at http://127.0.0.1:5040), its own
 *                             data and build folders, so it runs beside another stack
 *   npm run dev               the same stack plus Vite hot reload at http://127.0.0.1:5173
 *   npm run reset             forget local data and exit
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTION_PATHS, FOUNDING_COHORT_ID } from '@mentorship/domain';
import { DEMO_ADMIN, grantAdmin, signInLocalDemo } from './lib/admin';
import { buildFunctions, buildWeb } from './lib/build';
import { ensureFoundingCohort } from './lib/founding-cohort';
import { DATA_DIR, ROOT } from './lib/paths';
import {
  localScheduledJobs,
  startLocalScheduler,
  type LocalScheduler,
} from './lib/local-scheduler';
import { setupLocalStack } from './lib/setup-run';
import { DEMO_SIZE, LARGE_SIZE, seed } from './lib/seed';
import { seedDirect } from './lib/seed-direct';
import { findEmulatorPrerequisites, MissingPrerequisite } from './lib/prerequisites';
import {
  killGroup,
  onInterrupt,
  stackPorts,
  startStack,
  stopAllAndExit,
  waitFor,
} from './lib/stack';

const argv = process.argv.slice(2);
const args = new Set(argv);
const dev = args.has('--dev');
const offsetAt = argv.indexOf('--port-offset');
const portOffset = offsetAt >= 0 ? Number(argv[offsetAt + 1]) : 0;
if (!Number.isInteger(portOffset) || portOffset < 0 || (dev && portOffset !== 0)) {
  console.error(
    'Usage: npm start -- [--large] [--reset] [--port-offset N]  (N a whole number; not with npm run dev)',
  );
  process.exit(2);
}
const large = args.has('--large');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

if (args.has('--reset') || args.has('--reset-only')) {
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log('Local emulator data removed.');
  if (args.has('--reset-only')) process.exit(0);
}

mkdirSync(DATA_DIR, { recursive: true });
const suffix = portOffset ? `-${portOffset}` : '';
const dataDir = join(DATA_DIR, `emulators${suffix}`);
const logFile = join(DATA_DIR, `emulators${suffix}.log`);
// A moved stack gets a web build of its own that talks to its own emulators.
const webDist = portOffset ? join(ROOT, '.stack', `start-${portOffset}`, 'web') : undefined;

let vite: ChildProcess | undefined;
let scheduler: LocalScheduler | undefined;
onInterrupt(() => {
  scheduler?.stop();
  if (vite) killGroup(vite);
});

// What npm cannot install (Node 24 off Linux x64, Java 21+, the Firestore emulator): one line,
// before anything is built.
try {
  findEmulatorPrerequisites();
} catch (error) {
  if (!(error instanceof MissingPrerequisite)) throw error;
  console.error(error.message);
  process.exit(1);
}

console.log('Building the function and the web app...');
await buildFunctions();
if (webDist) await buildWeb(webDist, stackPorts(portOffset));
else if (!dev || !existsSync(join(ROOT, 'web', 'dist'))) await buildWeb();

console.log(`Starting the emulators (log: ${logFile})...`);
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  // The demo administrator signs in to the local site in one step, without a passkey: a real
  // browser cannot hold one a script made. The function allows it on the emulator only, for this
  // one address (functions/src/passkeys/local-demo.ts; docs/security.md).
  stack = await startStack({
    dataDir,
    logFile,
    portOffset,
    webDist,
    functionsEnv: { LOCAL_DEMO_ADMIN: DEMO_ADMIN.email },
  });
} catch (error) {
  console.error((error as Error).message);
  if (!(error instanceof MissingPrerequisite)) console.error(`See ${logFile}.`);
  process.exit(1);
}
Object.assign(process.env, stack.env);

try {
  await grantAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password);

  const { getFirestore } = await import('firebase-admin/firestore');
  const existing = (await getFirestore().collection('students').count().get()).data().count;
  // Local data saved by an older checkout may hold collections this code no longer names (a
  // renamed one reads as empty): say so once, rather than show a dashboard that lost them.
  const known = new Set<string>(COLLECTION_PATHS.filter((path) => !path.includes('/')));
  const unknown = (await getFirestore().listCollections())
    .map((c) => c.id)
    .filter((id) => !known.has(id));
  if (unknown.length > 0)
    console.log(
      `The saved local data holds collections this code does not know (${unknown.join(', ')}): ` +
        'it predates a change of the data model. Stop and run `npm start -- --reset` to forget it and seed afresh.',
    );
  if (existing === 0) {
    const size = large ? LARGE_SIZE : DEMO_SIZE;
    console.log(
      `Seeding ${size.students} students, ${size.mentors} mentors, ${size.pairs} pairs...`,
    );
    const token = await signInLocalDemo(
      stack.env.FIREBASE_AUTH_EMULATOR_HOST as string,
      stack.siteUrl,
      DEMO_ADMIN.email,
      DEMO_ADMIN.password,
    );
    try {
      // The demo set goes through the API (its cohorts too); the large one straight into
      // Firestore (same shapes), into the founding cohort, because 9,000 records through the
      // emulated function take minutes.
      if (large) await ensureFoundingCohort(getFirestore());
      const seeded = large
        ? await seedDirect(size, { cohortId: FOUNDING_COHORT_ID })
        : await seed(stack.siteUrl, token, size);
      console.log(
        `Seeded ${seeded.students} students, ${seeded.mentors} mentors, ${seeded.pairs} pairs.`,
      );
    } catch (error) {
      console.error(`Seeding failed: ${(error as Error).message}`);
    }
  } else if (large) {
    console.log(
      'Data already exists: run `npm start -- --reset --large` to load the large data set.',
    );
  }

  // The project settings a real project gets from `npm run setup`, by the same code (e-mail link
  // sign-in, the site's host authorised, a first cohort when there is none).
  const setup = await setupLocalStack(stack);
  if (setup.changed.length > 0) console.log(`Set up: ${setup.changed.join('; ')}.`);

  // The scheduled functions, on their schedules (the Functions emulator never fires them).
  scheduler = startLocalScheduler(
    await localScheduledJobs({
      smtpUrl: stack.env.MAIL_SMTP_URL as string,
      siteUrl: stack.siteUrl,
    }),
    (line) => console.log(`[schedule] ${line}`),
  );

  let url = stack.siteUrl;
  if (dev) {
    vite = spawn('npm', ['run', 'dev', '-w', 'web'], {
      cwd: ROOT,
      detached: true,
      stdio: 'inherit',
      env: { ...process.env, API_PROXY_TARGET: stack.siteUrl },
    });
    url = 'http://127.0.0.1:5173';
    await waitFor('Vite', async () => (await fetch(url)).ok, 60_000);
  }

  console.log(`
Ready in ${seconds()}. Firestore: ${stack.firestore}.
Functions and emulators on ${stack.node}.

  Site:           ${url}
  API health:     ${stack.siteUrl}/api/health
  Mail inbox:     ${stack.mailInboxUrl}
  ${scheduler.banner}
  Admin sign-in:  ${url}/admin/login
    e-mail:       ${DEMO_ADMIN.email}
    password:     ${DEMO_ADMIN.password}
    (local only: this account needs no passkey here; every other coordinator, and every
    coordinator on the deployed site, confirms each sign-in with a passkey.)

Data is kept in .emulator-data/ between runs (npm run reset to forget it). Ctrl-C saves it and
stops everything.
`);
} catch (error) {
  console.error((error as Error).message);
  await stopAllAndExit(1, () => vite && killGroup(vite));
}
