/**
 * Deployed-function safety. The Auth emulator's ID tokens are unsigned, so a function that talks
 * to an emulator outside the Functions emulator would accept forged admin tokens (and write
 * somewhere it should not). When FIREBASE_AUTH_EMULATOR_HOST or FIRESTORE_EMULATOR_HOST is set
 * but FUNCTIONS_EMULATOR is not 'true', the app refuses to serve: every request answers 500
 * `misconfigured`, and one log line names the variables (never their values or any request data).
 */
import express, { type Express } from 'express';
import { logger } from 'firebase-functions';

const EMULATOR_VARIABLES = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST'] as const;

/** Why this environment must not serve, or undefined when it may. */
export function emulatorMisconfiguration(env: NodeJS.ProcessEnv): string | undefined {
  if (env.FUNCTIONS_EMULATOR === 'true') return undefined;
  const present = EMULATOR_VARIABLES.filter((name) => Boolean(env[name]));
  if (present.length === 0) return undefined;
  return (
    `${present.join(' and ')} ${present.length === 1 ? 'is' : 'are'} set outside the ` +
    'Functions emulator (FUNCTIONS_EMULATOR is not "true"): refusing to serve, because emulator ' +
    'ID tokens are unsigned. Remove the emulator variables from the deployed environment.'
  );
}

/** The error body of a refused request (its code is not one of the API's regular codes). */
export interface MisconfiguredBody {
  error: { code: 'misconfigured'; message: string };
}

export const MISCONFIGURED_MESSAGE =
  'The service is misconfigured and cannot handle requests. Please try again later.';

/** An app that answers every request with 500 `misconfigured`; logs the reason once. */
export function misconfiguredApp(
  reason: string,
  log: (message: string, data: { reason: string }) => void = (message, data) =>
    logger.error(message, data),
): Express {
  log('The api function refuses to serve', { reason });
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res) => {
    const body: MisconfiguredBody = {
      error: { code: 'misconfigured', message: MISCONFIGURED_MESSAGE },
    };
    res.status(500).set('Cache-Control', 'no-store').json(body);
  });
  return app;
}
