/**
 * The arguments of `npm run admin:grant` (scripts/admin-grant.ts), checked before anything
 * connects anywhere:
 *
 *   npm run admin:grant -- <email> [password]                          the local Auth emulator
 *   npm run admin:grant -- <email> --real --project <project-id>       a real project
 *
 * --real needs an explicit --project: the environment's GCLOUD_PROJECT (or none, which used to
 * mean `demo-mentorship`) never picks the project whose users get the claim. Credentials are
 * Application Default Credentials: `gcloud auth application-default login` (no key file), or
 * GOOGLE_APPLICATION_CREDENTIALS where a key is allowed.
 */
type GrantArgs =
  | { ok: true; email: string; password?: string; real: false }
  | { ok: true; email: string; real: true; projectId: string }
  | { ok: false; message: string };

export const GRANT_USAGE =
  'Usage: npm run admin:grant -- <email> [password]  |  npm run admin:grant -- <email> --real --project <project-id>';

/** The usage of `npm run admin:reset-passkeys` (scripts/admin-reset-passkeys.ts), which takes no password. */
export const RESET_PASSKEYS_USAGE =
  'Usage: npm run admin:reset-passkeys -- <email>  |  npm run admin:reset-passkeys -- <email> --real --project <project-id>';

/**
 * The arguments of an account command: admin:grant's by default; with `takesPassword: false`,
 * those of a command that acts on an existing account only (admin:reset-passkeys).
 */
export function parseGrantArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  { usage = GRANT_USAGE, takesPassword = true }: { usage?: string; takesPassword?: boolean } = {},
): GrantArgs {
  const rest: string[] = [];
  let real = false;
  let projectId: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--real') real = true;
    else if (arg === '--project') projectId = argv[(i += 1)];
    else if (arg.startsWith('--project=')) projectId = arg.slice('--project='.length);
    else if (arg.startsWith('--')) return { ok: false, message: `Unknown option ${arg}. ${usage}` };
    else rest.push(arg);
  }
  const [email, password] = rest;
  if (!email || rest.length > (takesPassword ? 2 : 1)) return { ok: false, message: usage };
  if (!real) {
    if (projectId)
      return {
        ok: false,
        message: '--project is for --real only (locally the project is demo-mentorship).',
      };
    return { ok: true, email, password, real: false };
  }
  if (!projectId) {
    return {
      ok: false,
      message: `--real needs --project <project-id>: the project is never taken from the environment${env.GCLOUD_PROJECT ? ` (GCLOUD_PROJECT is ${env.GCLOUD_PROJECT})` : ''}.`,
    };
  }
  if (projectId.startsWith('demo-')) {
    return {
      ok: false,
      message: `--real with ${projectId}: demo- projects exist only on the emulators.`,
    };
  }
  if (password) {
    return {
      ok: false,
      message:
        'With --real no password is taken: create the user in the Firebase console (Authentication) first.',
    };
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    return {
      ok: false,
      message: '--real was given but FIREBASE_AUTH_EMULATOR_HOST is set: unset it first.',
    };
  }
  return { ok: true, email, real: true, projectId };
}
