/**
 * Every place that writes a message to the outbox says how its e-mail is bounded, and the places
 * that send an e-mail someone's action causes pass the mail gate (gate.ts) themselves. A new file
 * that queues mail fails here until it is classified; a file classified as gated that stops
 * calling the gate fails too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');

/** How a file's messages are bounded. */
type Site =
  /** The file counts its own e-mails at the gate, in the transaction of the action. */
  | { gate: string }
  /** The file's helpers queue; each named caller counts at the gate before calling them. */
  | { helpersCalledBy: string[]; why: string }
  /** Not caused by anyone's action now, or bounded by a count (MAIL_BUDGETS says which). */
  | { otherwise: string };

const SITES: Record<string, Site> = {
  'my-application/links.ts': {
    helpersCalledBy: ['applications/submit.ts'],
    why: 'the confirmation, counted by the application form; the sign-in link is queued by the door-request trigger after the door counted it (abuse/door-caps.ts)',
  },
  'cohorts/carry-forward.ts': { otherwise: 'the daily work (scheduled)' },
  'cohorts/events.ts': {
    gate: "saveEvent counts the change once; the fan-out outside the request sends it; reminders are the daily work's",
  },
  'cohorts/opening-alerts.ts': {
    helpersCalledBy: ['cohorts/router.ts'],
    why: 'the confirmation, inside the door\'s admitted write; "applications open" is the daily work\'s',
  },
  'email/moments.ts': {
    helpersCalledBy: ['review/people.ts', 'pairs/transitions.ts', 'applications/submit.ts'],
    why: 'decisions, introductions and the "already applied" notice are counted by their callers; the coordinator note follows a gated confirmation and the digest is once an hour',
  },
  'email/undelivered.ts': {
    otherwise: 'a copy of a message that could not be delivered, once per failed message',
  },
  'interviews/invitations.ts': {
    otherwise: "per subject: a mentor's booking changes at most INTERVIEW_RULES.maxChanges times",
  },
  'nominations/service.ts': { gate: "the nominator's question, inside the door's admitted write" },
  'pairs/daily.ts': { otherwise: 'the daily work (scheduled)' },
  'pairs/planned-sessions.ts': { gate: 'proposals; acceptances and cancellations follow them' },
  'pairs/sessions.ts': { gate: 'problem reports; the re-match request is once per pair' },
  'pairs/transitions.ts': { gate: 'pairs made and ended' },
  'program-end/completion.ts': { otherwise: 'the daily work at the cohort end (scheduled)' },
  'recommendations/service.ts': {
    gate: "the invitation, inside the door's admitted write; one waiting for a cohort is sent by the daily work, counted when it was made",
  },
  'shared/account-notice.ts': {
    otherwise:
      "one notice per change to a coordinator's passkeys or password, each needing a fresh passkey answer or another coordinator",
  },
  'team/service.ts': {
    gate: 'invitations; the password reset is queued by the door-request trigger after the door counted it',
  },
};

const GATE_CALL = /\b(admitMail|readMailGate|admitDoorRequest)\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(SRC, file), 'utf8');

describe('every place that queues mail', () => {
  const queuing = sourceFiles(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((file) => file !== 'email/outbox.ts')
    .filter((file) => /\bqueueEmail\(|mailCollection\(\)\.doc\(\)/.test(read(file)))
    .sort();

  it('is classified, and nothing classified has stopped queueing', () => {
    expect(queuing).toEqual(Object.keys(SITES).sort());
  });

  it.each(Object.entries(SITES))('%s passes the gate where it says it does', (file, site) => {
    if ('gate' in site) expect(read(file)).toMatch(GATE_CALL);
    if ('helpersCalledBy' in site) {
      for (const caller of site.helpersCalledBy) expect(read(caller)).toMatch(GATE_CALL);
    }
  });
});
