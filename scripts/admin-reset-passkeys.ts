/**
 * npm run admin:reset-passkeys -- <email>
 * npm run admin:reset-passkeys -- <email> --real --project <project-id>
 *
 * For the one case the Team page cannot serve: the only coordinator lost the device holding their
 * passkey, so nobody signed in can reset them. Run by someone with access to the Firebase project
 * (Application Default Credentials: their own Google sign-in, e.g. `gcloud auth
 * application-default login`), after confirming in person or by phone that the request is
 * genuine; never on the strength of an e-mail. It is the Team page's reset itself
 * (functions/src/passkeys): the passkeys and session records go, every session ends (for the API
 * and Firestore at once; refresh tokens revoked), and the history names the command line. Their
 * next sign-in creates a new passkey with the enrolment code this prints (to hand over in person
 * or by phone; it works once, for an hour). Locally it acts on the stack of `npm start`.
 */
import { parseGrantArgs, RESET_PASSKEYS_USAGE } from './lib/grant-args';
import { PROJECT_ID } from './lib/paths';
import { stackPorts } from './lib/stack';

const args = parseGrantArgs(process.argv.slice(2), process.env, {
  usage: RESET_PASSKEYS_USAGE,
  takesPassword: false,
});
if (!args.ok) {
  console.error(args.message);
  process.exit(2);
}
if (args.real) {
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    console.error('--real was given but FIRESTORE_EMULATOR_HOST is set: unset it first.');
    process.exit(2);
  }
  process.env.GCLOUD_PROJECT = args.projectId;
} else {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().firestore}`;
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
}

// Imported once the environment names the project: the function's Admin SDK starts with it.
const { resetPasskeysFromCommandLine } = await import('../functions/src/passkeys');
try {
  const { email, enrolmentCode, expiresAt } = await resetPasskeysFromCommandLine(args.email);
  console.log(
    `Reset ${email}${args.real ? ` in ${args.projectId}` : ' (local emulators)'}: passkeys removed, every session ended, recorded in the history.`,
  );
  console.log(
    `Enrolment code: ${enrolmentCode} (works once, until ${expiresAt.toISOString()}). Give it to them in person or by phone: their next sign-in asks for it to create a new passkey.`,
  );
} catch (error) {
  console.error(`Could not reset the passkeys of ${args.email}: ${(error as Error).message}`);
  process.exit(1);
}
