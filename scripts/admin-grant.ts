/**
 * npm run admin:grant -- <email> [password]
 *
 * Gives the user the `admin: true` custom claim and their `coordinators` document. Locally (the Auth emulator of `npm start`) the
 * user is created when missing. Against a real project set GOOGLE_APPLICATION_CREDENTIALS to a
 * service-account key and GCLOUD_PROJECT to the project id, and pass --real: the user must sign
 * in again (or wait up to an hour) before the claim shows in their token.
 */
import { grantAdmin } from './lib/admin';
import { stackPorts } from './lib/stack';

const argv = process.argv.slice(2);
const real = argv.includes('--real');
const [email, password] = argv.filter((a) => a !== '--real');
if (!email) {
  console.error('Usage: npm run admin:grant -- <email> [password] [--real]');
  process.exit(2);
}
if (!real) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${stackPorts().firestore}`;
} else if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('--real was given but FIREBASE_AUTH_EMULATOR_HOST is set: unset it first.');
  process.exit(2);
}

try {
  const { created } = await grantAdmin(email, password);
  console.log(
    `${created ? 'Created' : 'Updated'} ${email}: admin claim and coordinators document set${real ? '' : ' (Auth emulator)'}.`,
  );
} catch (error) {
  console.error(`Could not grant admin to ${email}: ${(error as Error).message}`);
  process.exit(1);
}
