/**
 * What `npm run deploy` (scripts/deploy.ts) decides from firebase-tools' output, apart so the unit
 * tests can feed it: whether a failed deploy is the first 2nd-gen deploy's Eventarc hold-up (the
 * service agent's permissions are still propagating; firebase-tools itself says to retry in a few
 * minutes), and the site a project's functions link to.
 */
import { existsSync, readFileSync } from 'node:fs';

/** firebase-tools' own words (lib/gcp/cloudfunctionsv2.js) and the API's, for that case. */
const EVENTARC_FIRST_DEPLOY = [
  'Since this is your first time using 2nd gen functions',
  'If you recently started to use Eventarc, it may take a few minutes',
  'Permission denied while using the Eventarc Service Agent',
];

export const isEventarcFirstDeploy = (output: string): boolean =>
  EVENTARC_FIRST_DEPLOY.some((text) => output.includes(text));

/** SITE_URL of functions/config/.env.<project> (what `npm run setup` wrote), else <id>.web.app. */
export function siteUrlOf(envFile: string, projectId: string): string {
  if (existsSync(envFile)) {
    const match = /^SITE_URL=["']?([^"'\n]+)["']?$/m.exec(readFileSync(envFile, 'utf8'));
    if (match) return match[1]!.trim();
  }
  return `https://${projectId}.web.app`;
}

/**
 * The environment firebase-tools runs in: Application Default Credentials as they are, and the
 * quota project the way firebase-tools reads it (only from GOOGLE_CLOUD_QUOTA_PROJECT, sent as
 * `x-goog-user-project`), so user credentials reach the APIs that refuse them without one. An
 * operator's own value is kept.
 */
export function firebaseToolsEnv(
  projectId: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...env,
    GOOGLE_CLOUD_QUOTA_PROJECT: env.GOOGLE_CLOUD_QUOTA_PROJECT || projectId,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
  };
}
