/**
 * The arguments of `npm run setup` (scripts/setup.ts), checked before anything connects:
 *
 *   npm run setup -- --project <id> [--site-url https://example.org]
 *       [--cohort "Fall 2027" --open YYYY-MM-DD --close YYYY-MM-DD
 *        --matching-done-by YYYY-MM-DD --start YYYY-MM-DD [--end YYYY-MM-DD]]
 *       [--service-account <email>]
 *
 * The project is never taken from the environment. The site URL defaults to
 * https://<id>.web.app until a custom domain serves the site. The cohort is used only when the
 * project has none; term and year come from its name ("Fall 2027"), else from the start date.
 */
import { COHORT_TERMS, type CohortInput, type CohortTerm } from '@mentorship/domain';

const SETUP_USAGE =
  'Usage: npm run setup -- --project <id> [--site-url https://<domain>] [--cohort "Fall 2027" --open YYYY-MM-DD --close YYYY-MM-DD --matching-done-by YYYY-MM-DD --start YYYY-MM-DD [--end YYYY-MM-DD]] [--service-account <email>]';

type SetupArgs =
  | {
      ok: true;
      projectId: string;
      siteUrls: string[];
      /** --site-url was given (only then are SITE_URL and the allowed origins replaced). */
      siteUrlGiven: boolean;
      firstCohort?: CohortInput;
      serviceAccount?: string;
    }
  | { ok: false; message: string };

const VALUE_OPTIONS = [
  '--project',
  '--site-url',
  '--cohort',
  '--open',
  '--close',
  '--matching-done-by',
  '--start',
  '--end',
  '--service-account',
] as const;
const COHORT_OPTIONS = ['--cohort', '--open', '--close', '--matching-done-by', '--start'] as const;

/** "Fall 2027" -> fall, 2027; else the start's month (Jan-Apr spring, May-Jul summer) and year. */
function termAndYear(name: string, start: string): { term: CohortTerm; year: number } {
  const named = /\b(spring|summer|fall)\b\D*(\d{4})/i.exec(name);
  if (named && COHORT_TERMS.includes(named[1]!.toLowerCase() as CohortTerm)) {
    return { term: named[1]!.toLowerCase() as CohortTerm, year: Number(named[2]) };
  }
  const month = Number(start.slice(5, 7));
  return {
    term: month <= 4 ? 'spring' : month <= 7 ? 'summer' : 'fall',
    year: Number(start.slice(0, 4)),
  };
}

export function parseSetupArgs(argv: readonly string[]): SetupArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (!(VALUE_OPTIONS as readonly string[]).includes(name!)) {
      return { ok: false, message: `Unknown argument ${arg}. ${SETUP_USAGE}` };
    }
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value.startsWith('--')) {
      return { ok: false, message: `${name} needs a value. ${SETUP_USAGE}` };
    }
    values.set(name!, value);
  }
  const projectId = values.get('--project');
  if (!projectId) {
    return {
      ok: false,
      message: `--project <id> is required (never taken from the environment). ${SETUP_USAGE}`,
    };
  }
  if (projectId.startsWith('demo-')) {
    return {
      ok: false,
      message: `${projectId}: demo- projects exist only on the emulators (npm start sets them up).`,
    };
  }
  const siteUrl = values.get('--site-url') ?? `https://${projectId}.web.app`;
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return {
      ok: false,
      message: `--site-url ${siteUrl} is not a URL (e.g. https://bridgementorship.org).`,
    };
  }
  if (site.protocol !== 'https:' || site.pathname !== '/' || site.search) {
    return {
      ok: false,
      message: `--site-url ${siteUrl}: give the site's https origin only (e.g. https://bridgementorship.org).`,
    };
  }
  const siteUrls = [
    site.origin,
    `https://${projectId}.web.app`,
    `https://${projectId}.firebaseapp.com`,
  ];
  const given = COHORT_OPTIONS.filter((o) => values.has(o));
  let firstCohort: CohortInput | undefined;
  if (given.length > 0 || values.has('--end')) {
    const absent = COHORT_OPTIONS.filter((o) => !values.has(o));
    if (absent.length > 0) {
      return {
        ok: false,
        message: `A first cohort needs ${absent.join(', ')} too. ${SETUP_USAGE}`,
      };
    }
    const name = values.get('--cohort')!;
    const start = values.get('--start')!;
    firstCohort = {
      name,
      ...termAndYear(name, start),
      applicationsOpen: values.get('--open')!,
      applicationsClose: values.get('--close')!,
      matchingDoneBy: values.get('--matching-done-by')!,
      programStart: start,
      programEnd: values.get('--end') ?? '',
    };
  }
  return {
    ok: true,
    projectId,
    siteUrls: [...new Set(siteUrls)],
    siteUrlGiven: values.has('--site-url'),
    firstCohort,
    serviceAccount: values.get('--service-account'),
  };
}
