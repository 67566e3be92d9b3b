/**
 * `npm run smoke -- --site https://<site> [--project <id>]`: after a deploy, from any machine with
 * Application Default Credentials, checks what a first applicant needs (scripts/lib/smoke.ts).
 * One line per check; exit 1 with one line per failure. The project defaults to the one the site
 * serves (`/__/firebase/init.json`).
 *
 * `--mail-to <address>`: one e-mail through the deployed outbox, `deliverMail` and the SMTP
 * server to that address (scripts/lib/smoke-mail.ts); the operator confirms its arrival by pasting
 * the link it holds when asked (on the emulators, with MAILDEV_URL set, the stack's MailDev is
 * asked instead). `--mail-wait <seconds>` (default 600) bounds the wait for the SMTP server.
 *
 * Against the local emulators (FIREBASE_AUTH_EMULATOR_HOST set, as `npm test`'s rehearsal does):
 * `--functions-emulator http://127.0.0.1:<port>` says where the Functions emulator lists its
 * functions.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { GOOGLE_API_BASES, adcToken, googleApi } from './lib/google-api';
import { emulatorApi } from './lib/setup-run';
import { mailWaitSeconds, maildevArrival, smokeMail } from './lib/smoke-mail';
import {
  deployedBackups,
  deployedScheduledFunction,
  emulatorScheduledFunction,
  runSmoke,
  signInLinkForCheck,
  smokeVerdict,
} from './lib/smoke';

const USAGE =
  'Usage: npm run smoke -- --site https://<site> [--project <id>] [--mail-to <address> [--mail-wait <seconds>]] [--functions-emulator http://127.0.0.1:<port>]';
const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const site = option('--site');
if (!site || !/^https?:\/\//.test(site)) {
  console.error(USAGE);
  process.exit(2);
}
let mailWait: number;
try {
  mailWait = mailWaitSeconds(option('--mail-wait'));
} catch (error) {
  console.error(`${(error as Error).message}. ${USAGE}`);
  process.exit(2);
}
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const functionsEmulator = option('--functions-emulator');
if (emulatorHost && !functionsEmulator) {
  console.error(`FIREBASE_AUTH_EMULATOR_HOST is set: give --functions-emulator too. ${USAGE}`);
  process.exit(2);
}

let projectId = option('--project');
if (!projectId) {
  try {
    const init = (await (
      await fetch(`${site.replace(/\/+$/, '')}/__/firebase/init.json`)
    ).json()) as {
      projectId?: string;
    };
    projectId = init.projectId;
  } catch {
    // reported below
  }
}
if (!projectId) {
  console.error(
    `The site does not name its project (/__/firebase/init.json): pass --project. ${USAGE}`,
  );
  process.exit(2);
}

const app = getApps().find((a) => a.name === 'smoke') ?? initializeApp({ projectId }, 'smoke');
const api = emulatorHost
  ? emulatorApi(emulatorHost)
  : googleApi(GOOGLE_API_BASES, adcToken, projectId);
const result = await runSmoke({
  site,
  projectId,
  api,
  signInLink: (email, url) => signInLinkForCheck(getAuth(app), email, url),
  scheduledFunction: () =>
    functionsEmulator
      ? emulatorScheduledFunction(functionsEmulator)
      : deployedScheduledFunction(api, projectId),
  backups: emulatorHost ? undefined : () => deployedBackups(api, projectId),
});
const mailTo = option('--mail-to');
if (mailTo) {
  const { getFirestore } = await import('firebase-admin/firestore');
  const maildev = emulatorHost ? process.env.MAILDEV_URL : undefined;
  const problems = await smokeMail({
    db: getFirestore(app),
    site,
    to: mailTo,
    timeoutMs: mailWait * 1000,
    say: (line) => console.log(line),
    arrivedLink: maildev
      ? maildevArrival(maildev, mailTo)
      : async (subject) => {
          if (!process.stdin.isTTY) return undefined;
          const { createInterface } = await import('node:readline/promises');
          const rl = createInterface({ input: process.stdin, output: process.stdout });
          const answer = await rl.question(
            `The SMTP server accepted "${subject}" for ${mailTo}. Paste the link from that e-mail (empty: it did not arrive): `,
          );
          rl.close();
          return answer.trim() || undefined;
        },
  });
  if (problems.length === 0) result.passed.push(`mail (to ${mailTo})`);
  for (const p of problems) result.failures.push(`mail: ${p}`);
} else result.skipped.push('mail (give --mail-to <address>)');
for (const name of result.passed) console.log(`ok    ${name}`);
for (const name of result.skipped) console.log(`n/a   ${name}`);
for (const line of result.failures) console.log(`FAIL  ${line}`);
console.log(smokeVerdict(result, site, projectId, Boolean(mailTo)));
process.exit(result.failures.length ? 1 : 0);
