/**
 * npm run admin:grant -- <email> [password]
 * npm run admin:grant -- <email> --real --project <project-id>
 *
 * Gives the user the `admin: true` custom claim and their `coordinators` document. Locally (the Auth emulator of `npm start`) the
 * user is created when missing. Against a real project (docs/operations.md): the user exists
 * (created in the console), the project is named with --project (never taken from the
 * environment), and the credentials are Application Default Credentials, e.g. from
 * `gcloud auth application-default login` (no service-account key needed). The user signs in
 * again (or waits up to an hour) before the claim shows in their token.
 */
import { grantAdmin } from './lib/admin';
import { parseGrantArgs } from './lib/grant-args';
import { stackPorts } from './lib/stack';

const args = parseGrantArgs(process.argv.slice(2), process.env);
if (!args.ok) {
  console.error(args.message);
  process.exit(2);
}
if (!args.real) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().firestore}`;
}

try {
  const { created, enrolment } = await grantAdmin(
    args.email,
    args.real ? undefined : args.password,
    args.real ? args.projectId : undefined,
  );
  console.log(
    `${created ? 'Created' : 'Updated'} ${args.email}: admin claim and coordinators document set${args.real ? ` in ${args.projectId}` : ' (Auth emulator)'}.`,
  );
  if (enrolment) {
    console.log(
      `Enrolment code: ${enrolment.code} (works once, until ${enrolment.expiresAt.toISOString()}). Their first sign-in asks for it to create their passkey; hand it over in person or by phone.`,
    );
  }
} catch (error) {
  console.error(`Could not grant admin to ${args.email}: ${(error as Error).message}`);
  process.exit(1);
}
