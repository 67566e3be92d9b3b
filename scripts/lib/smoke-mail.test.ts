/**
 * The smoke test's e-mail check waits long enough for a first deploy's outbox trigger, says so
 * before it waits, and takes a wait the operator gives (`--mail-wait`), refusing a bad one.
 */
import { MAIL_WAIT_DEFAULT_S, mailWaitSeconds, smokeMail, type OutboxDb } from './smoke-mail';

/** An outbox whose message the SMTP server accepts after `readsBefore` reads. */
function outbox(readsBefore: number): OutboxDb & { reads: () => number } {
  let reads = 0;
  return {
    reads: () => reads,
    collection: () => ({
      doc: () => ({
        id: 'm1',
        create: async () => undefined,
        get: async () => {
          reads++;
          return { get: () => ({ state: reads > readsBefore ? 'SUCCESS' : 'PENDING' }) };
        },
      }),
    }),
  };
}

test('the wait for the SMTP server is comfortably above 180 s by default, and said before it starts', async () => {
  expect(mailWaitSeconds(undefined)).toBe(MAIL_WAIT_DEFAULT_S);
  expect(MAIL_WAIT_DEFAULT_S).toBeGreaterThanOrEqual(600);
  const said: string[] = [];
  const db = outbox(2);
  const problems = await smokeMail({
    db,
    site: 'https://site.example',
    to: 'team@site.example',
    pollMs: 0,
    say: (line) => said.push(`${line} (reads so far: ${db.reads()})`),
    arrivedLink: async () =>
      'https://site.example/my-application/sign-in?mode=signIn&oobCode=abc&apiKey=k',
  });
  expect(problems).toEqual([]);
  expect(said).toEqual([
    'mail: waiting up to 600 s for deliverMail and the SMTP server to accept the message to team@site.example (outbox m1; right after a first deploy this can take minutes)... (reads so far: 0)',
  ]);
});

test('a message still pending when the wait ends names the wait and how to lengthen it', async () => {
  const problems = await smokeMail({
    db: outbox(1_000_000),
    site: 'https://site.example',
    to: 'team@site.example',
    timeoutMs: 0,
    pollMs: 0,
    arrivedLink: async () => undefined,
  });
  expect(problems).toEqual([
    "the outbox message m1 to team@site.example is PENDING after 0 s (a longer --mail-wait, or deliverMail's logs): deliverMail, the SMTP_URL secret or the SMTP server (docs/email.md)",
  ]);
});

test.each([
  ['900', 900],
  ['10', 10],
  ['3600', 3600],
])('--mail-wait %s is %d s', (value, seconds) => expect(mailWaitSeconds(value)).toBe(seconds));

test.each(['0', '9', '3601', '2m', '-5', '1.5', ''])('--mail-wait "%s" is refused', (value) =>
  expect(() => mailWaitSeconds(value)).toThrow(
    `--mail-wait takes whole seconds from 10 to 3600, not "${value}"`,
  ),
);
