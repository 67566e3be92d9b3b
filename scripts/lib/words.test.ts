/**
 * One word for each thing (docs/architecture.md, "Words"): a pair is a *pair* and what a person
 * submits is an *application*, in code, stored names, screens and docs. The spec's older words
 * survive only where the spec gives a string or a URL verbatim ("Create Assignment",
 * `/api/admin/assignments`, "Complete Registration", `/api/student-registration`...), and
 * "registration" also keeps its WebAuthn meaning: registering a passkey. This test reads every
 * tracked text file and lists each line where a retired word appears outside those forms, so a
 * newcomer's `assignmentId` or "the registration" fails here the day it is written.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The spec's own strings and URLs, the only places the retired words may stay. */
const SPEC_FORMS: Record<'assignment' | 'registration', RegExp[]> = {
  assignment: [
    /Create Assignment/g,
    /Assignment (Created|Deleted|Failed)/g,
    /to (delete|create) assignments?\b/g,
    // The URLs: /api/admin/assignments..., /api/admin/{students,mentors}/:id/assignments and
    // the page /admin/create-assignment (also as a regular expression).
    /\/api\/admin\/assignments\b/g,
    /(:id|\$\{\w+\}|\})\/assignments\b/g,
    /\/admin\\?\/create-assignment\b/g,
    /\bassignmentIds\b/g,
    /\btotalAssignments\b/g,
    /'Assignments'/g, // the dashboard's tab and stat card
    /\bAssignments( \(|\b(?= tab| card))/g,
    /\/\^?Assignments\//g,
    /reassignment/g, // the Code of Conduct's consequences
  ],
  registration: [
    /Registration (Successful|Failed)/g,
    /[cC]omplete [rR]egistration/g,
    /submitting your registration/g,
    /-registration\b/g, // /api/student-registration, /api/mentor-registration
  ],
};

/** A line about a passkey, where "registration" is WebAuthn's word for adding a device. */
const PASSKEY_LINE = /passkey|webauthn|RegistrationResponseJSON|registrationInfo/i;
const PASSKEY_FILES = [
  'functions/src/passkeys/',
  'web/src/features/admin/login/passkey.ts',
  'tests/support/passkey.ts',
  'web/src/features/admin/api/account-security.ts',
];

/** Measurement logs keep the words of the day they were taken; this file lists the words. */
const NOT_READ = [/^bench-results\//, /^package-lock\.json$/, /^scripts\/lib\/words\.test\.ts$/];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path && !NOT_READ.some((re) => re.test(path)))
    .filter((path) => /\.(ts|tsx|mjs|js|json|md|rules|html|yml|yaml|sh)$|^\.ci\//.test(path));
}

/** Each `file:line: text` where `word` appears outside the spec's forms. */
export function strayUses(word: keyof typeof SPEC_FORMS, files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (word === 'registration' && PASSKEY_FILES.some((p) => path.startsWith(p))) continue;
    text.split('\n').forEach((line, index) => {
      if (word === 'registration' && PASSKEY_LINE.test(line)) return;
      const rest = SPEC_FORMS[word].reduce((left, form) => left.replace(form, ''), line);
      if (new RegExp(word, 'i').test(rest)) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('one word for each thing', () => {
  const files = Object.fromEntries(
    trackedTextFiles().map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]),
  );

  it('reads the tree (the check below is not vacuous)', () => {
    expect(Object.keys(files).length).toBeGreaterThan(500);
    // The spec's forms are present, and allowed.
    expect(files['packages/domain/src/api-paths.ts']).toContain('/api/admin/assignments');
    expect(files['packages/domain/src/messages.ts']).toContain('Registration Failed');
  });

  it('a pair is a pair: "assignment" only in the spec’s strings, URLs and API fields', () => {
    expect(strayUses('assignment', files)).toEqual([]);
  });

  it('an application is an application: "registration" only in the spec’s strings and URLs, and for passkeys', () => {
    expect(strayUses('registration', files)).toEqual([]);
  });

  it('fails on a planted use of either word', () => {
    const planted = {
      'functions/src/pairs/x.ts':
        "const assignmentId = pair.id;\nfetch('/api/admin/assignments');\n// see web/src/features/admin/assignments/",
      'docs/x.md': 'The registration is stored.\nPress Complete Registration.',
    };
    expect(strayUses('assignment', planted)).toEqual([
      'functions/src/pairs/x.ts:1: const assignmentId = pair.id;',
      'functions/src/pairs/x.ts:3: // see web/src/features/admin/assignments/',
    ]);
    expect(strayUses('registration', planted)).toEqual([
      'docs/x.md:1: The registration is stored.',
    ]);
  });
});
