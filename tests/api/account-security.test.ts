/**
 * A coordinator's account through the stack: the passkey as second factor (a password alone
 * opens nothing, whenever it signed in; the challenge is used once, for the sign-in that asked),
 * sessions that end on the server for the API and Firestore at once (sign-out, 12 hours after
 * the sign-in, 30 minutes without activity, a reset, a password change), another
 * coordinator's passkey reset (with its history entry), the only coordinator's reset from the
 * command line, a second device's passkey, a credential id stored once across every account (at
 * enrolment and for a second device), one's own passkeys listed and one removed (never the last),
 * no coordinator signed in by an e-mailed link, and the password policy on change.
 */
import {
  accountSecurityPaths,
  MAX_PENDING_CHALLENGES,
  SESSION_MESSAGES,
  teamPaths,
  type ApiErrorBody,
  type AuditEntry,
  type OwnPasskeysResponse,
  type PasskeyOptionsResponse,
  type PasskeysResetResponse,
} from '@mentorship/domain';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { customTokenSignIn, signInWithPassword } from '../../scripts/lib/admin';
import { PROJECT_ID, ROOT } from '../../scripts/lib/paths';
import {
  adminAuth,
  authHost,
  call,
  firestore,
  linkSignIn,
  newCoordinator,
  siteUrl,
  uniqueSuffix,
} from '../support/api';
import { coordinatorToken } from '../support/coordinator';
import { queuedAbout } from '../support/inbox';
import { COORDINATORS } from '../support/pairs';
import {
  SoftwareAuthenticator,
  confirmWithPasskey,
  passwordSession,
  refreshedIdToken,
} from '../support/passkey';

jest.setTimeout(60_000);

const where = () => ({ siteUrl: siteUrl(), authHost: authHost() });
/**
 * Firebase names a sign-in by its second (`auth_time`): two sign-ins of one account in the same
 * second are one to it. A test that needs a second, different sign-in waits for the next second.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  > & { auth_time: number; user_id: string };
/** An unsigned token as the Auth emulator mints them, with `claims` changed. */
const forged = (token: string, claims: Record<string, unknown>) => {
  const [header] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...payloadOf(token), ...claims })).toString(
    'base64url',
  );
  return `${header}.${payload}.`;
};

/** A confirmed sign-in's tokens (ID and refresh), as the browser holds them. */
async function customSession(
  email: string,
  password: string,
  authenticator: SoftwareAuthenticator,
): Promise<{ idToken: string; refreshToken: string }> {
  const session = await passwordSession(authHost(), email, password);
  const options = await call<PasskeyOptionsResponse>('POST', accountSecurityPaths.passkeyOptions, {
    token: session.idToken,
    body: {},
  });
  const verified = await call<{ signInToken: string }>('POST', accountSecurityPaths.passkeyVerify, {
    token: session.idToken,
    body: { response: authenticator.authenticate(options.body.options as { challenge: string }) },
  });
  return customTokenSignIn(authHost(), verified.body.signInToken);
}

/** A fresh answer from `authenticator` (the step-up) for the session of `token`. */
async function stepUpWith(token: string, authenticator: SoftwareAuthenticator) {
  const options = await call<{ challenge: string }>('POST', accountSecurityPaths.stepUpOptions, {
    token,
    body: {},
  });
  return call<ApiErrorBody & { until: string }>('POST', accountSecurityPaths.stepUp, {
    token,
    body: { response: authenticator.authenticate(options.body) },
  });
}

/** The session record a confirmed token names (its `sid` claim). */
const recordOf = (token: string) =>
  firestore()
    .collection('coordinatorSessions')
    .doc(String(payloadOf(token).sid));

/**
 * A read of `path` through the Firestore emulator's REST API with `token`, as the admin area's
 * live reads make it: the rules decide (403 refused; 404 let through to a document that is not
 * there, which a coordinator may read).
 */
const firestoreRead = async (token: string, path: string) =>
  (
    await fetch(
      `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
  ).status;

/** The API and Firestore, each asked with `token`: what each answered. */
const bothWith = async (token: string) => ({
  api: (await call('GET', '/api/admin/stats', { token })).status,
  firestore: await firestoreRead(token, 'students/none'),
});

describe('the second factor', () => {
  it('a password alone: 403 with a message on the admin API, and the passkey step opens it', async () => {
    const { email, password } = await newCoordinator();
    await nextSecond();
    const session = await passwordSession(authHost(), email, password);
    const refused = await call<ApiErrorBody>('GET', '/api/admin/stats', { token: session.idToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SESSION_MESSAGES.factorRequired);
    // Another sign-in of the same account, confirmed, does not confirm this one.
    const confirmed = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), email, password),
      new SoftwareAuthenticator(new URL(siteUrl()).origin),
    ).catch((error: Error) => error);
    // A new authenticator is no passkey of theirs: refused.
    expect(confirmed).toBeInstanceOf(Error);
    const still = await refreshedIdToken(authHost(), session.refreshToken);
    expect((await call('GET', '/api/admin/stats', { token: still })).status).toBe(403);
  });

  it("a password sign-in made in the same second as the owner's confirmed one opens nothing", async () => {
    const { email, password, authenticator } = await newCoordinator();
    const [owner, attacker] = await Promise.all([
      passwordSession(authHost(), email, password),
      passwordSession(authHost(), email, password),
    ]);
    const confirmed = await confirmWithPasskey(where(), owner, authenticator);
    expect(await bothWith(confirmed)).toEqual({ api: 200, firestore: 404 });
    // The attacker's sign-in, refreshed after the owner confirmed theirs (so it carries the
    // account's claims as they now are), as of the owner's very second.
    const refreshed = await refreshedIdToken(authHost(), attacker.refreshToken);
    const sameSecond = forged(refreshed, { auth_time: payloadOf(confirmed).auth_time });
    const refused = await call<ApiErrorBody>('GET', '/api/admin/mentors', { token: sameSecond });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SESSION_MESSAGES.factorRequired);
    expect(await firestoreRead(sameSecond, 'students/none')).toBe(403);
    expect(await bothWith(refreshed)).toEqual({ api: 403, firestore: 403 });
  });

  it('with the password alone, nobody registers a passkey on an account that has one', async () => {
    const { email, password } = await newCoordinator();
    const session = await passwordSession(authHost(), email, password);
    const options = await call<PasskeyOptionsResponse>(
      'POST',
      accountSecurityPaths.passkeyOptions,
      {
        token: session.idToken,
        body: {},
      },
    );
    expect(options.body.mode).toBe('authenticate');
    const intruder = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    const { challenge } = options.body.options as { challenge: string };
    const attempt = await call<ApiErrorBody>('POST', accountSecurityPaths.passkeyVerify, {
      token: session.idToken,
      body: { response: intruder.register({ challenge, rp: { id: '127.0.0.1' } }) },
    });
    expect(attempt.status).toBe(403);
    expect(attempt.body.error.message).toBe(SESSION_MESSAGES.passkeyRefused);
  });

  it('a challenge is answered once, and only by the sign-in that asked for it', async () => {
    const { email, password, authenticator } = await newCoordinator();
    const session = await passwordSession(authHost(), email, password);
    const options = await call<PasskeyOptionsResponse>(
      'POST',
      accountSecurityPaths.passkeyOptions,
      {
        token: session.idToken,
        body: {},
      },
    );
    const response = authenticator.authenticate(options.body.options as { challenge: string });
    // Another sign-in (an attacker's password session) cannot use this answer.
    const other = await passwordSession(authHost(), email, password);
    const stolen = await call('POST', accountSecurityPaths.passkeyVerify, {
      token: other.idToken,
      body: { response },
    });
    // Same second, same auth_time: then the challenge is spent by this attempt instead.
    expect([200, 409]).toContain(stolen.status);
    if (stolen.status === 200) return;
    const first = await call('POST', accountSecurityPaths.passkeyVerify, {
      token: session.idToken,
      body: { response },
    });
    // The refused attempt spent the challenge too.
    expect(first.status).toBe(409);
  });

  it("asking for more challenges (another sign-in with the password) never spends the owner's; at most 10 wait", async () => {
    const { email, password, authenticator } = await newCoordinator();
    const owner = await passwordSession(authHost(), email, password);
    const ask = (idToken: string) =>
      call<PasskeyOptionsResponse & ApiErrorBody>('POST', accountSecurityPaths.passkeyOptions, {
        token: idToken,
        body: {},
      });
    const options = await ask(owner.idToken);
    expect(options.status).toBe(200);
    // Someone holding the password asks for challenges until the account's limit: the tenth
    // waiting one is the last.
    await nextSecond();
    const attacker = await passwordSession(authHost(), email, password);
    for (let i = 2; i <= MAX_PENDING_CHALLENGES; i++)
      expect((await ask(attacker.idToken)).status).toBe(200);
    const over = await ask(attacker.idToken);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(SESSION_MESSAGES.tooManyChallenges);
    // The owner's answer to their own challenge still counts, once.
    const response = authenticator.authenticate(options.body.options as { challenge: string });
    const answered = await call<{ signInToken?: string }>(
      'POST',
      accountSecurityPaths.passkeyVerify,
      {
        token: owner.idToken,
        body: { response },
      },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.signInToken).toEqual(expect.any(String));
    const again = await call('POST', accountSecurityPaths.passkeyVerify, {
      token: owner.idToken,
      body: { response },
    });
    expect(again.status).toBe(409);
  });
});

describe('sessions that end on the server', () => {
  it('sign-out: the same token, and its refreshed ones, are refused by the API and Firestore at once', async () => {
    const { email, password, authenticator } = await newCoordinator();
    const session = await passwordSession(authHost(), email, password);
    const token = await confirmWithPasskey(where(), session, authenticator);
    // Another device of the same coordinator.
    const other = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), email, password),
      authenticator,
    );
    expect(await bothWith(token)).toEqual({ api: 200, firestore: 404 });
    const out = await call('POST', accountSecurityPaths.endSession, { token, body: {} });
    expect(out.status).toBe(204);
    expect((await recordOf(token).get()).exists).toBe(false);
    const after = await call<ApiErrorBody>('GET', '/api/admin/stats', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(SESSION_MESSAGES.ended);
    expect(await firestoreRead(token, 'students/none')).toBe(403);
    // Signing out of one browser leaves the coordinator's other one signed in.
    expect(await bothWith(other)).toEqual({ api: 200, firestore: 404 });
  });

  it('refuses a session 12 hours after it opened, even active, and ends it', async () => {
    const { token } = await newCoordinator();
    const thirteenHoursAgo = new Date(Date.now() - 13 * 3600_000);
    await recordOf(token).update({ openedAt: thirteenHoursAgo });
    const refused = await call<ApiErrorBody>('GET', '/api/admin/stats', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(SESSION_MESSAGES.expired);
    expect((await recordOf(token).get()).exists).toBe(false);
    expect(await bothWith(token)).toEqual({ api: 401, firestore: 403 });
  });

  it('ends a session idle for 30 minutes for Firestore at its limit and for the API on its next call', async () => {
    const { token } = await newCoordinator();
    expect(await bothWith(token)).toEqual({ api: 200, firestore: 404 });
    const idleSince = Date.now() - 31 * 60_000;
    // As the server left it after the last activity it heard: the rules stop at `expiresAt`.
    await recordOf(token).update({
      lastActiveAt: new Date(idleSince),
      expiresAt: new Date(idleSince + 30 * 60_000),
    });
    expect(await firestoreRead(token, 'students/none')).toBe(403);
    const idle = await call<ApiErrorBody>('GET', '/api/admin/stats', { token });
    expect(idle.status).toBe(401);
    expect(idle.body.error.message).toBe(SESSION_MESSAGES.idle);
    expect((await recordOf(token).get()).exists).toBe(false);
  });

  it('counts activity: a session used 20 minutes ago goes on, and its limit moves', async () => {
    const { token } = await newCoordinator();
    const earlier = Date.now() - 20 * 60_000;
    await recordOf(token).update({
      lastActiveAt: new Date(earlier),
      expiresAt: new Date(earlier + 30 * 60_000),
    });
    const heartbeat = await call('POST', accountSecurityPaths.activity, { token, body: {} });
    expect(heartbeat.status).toBe(204);
    const record = await recordOf(token).get();
    const lastActive = record.get('lastActiveAt') as { toMillis(): number };
    const expires = record.get('expiresAt') as { toMillis(): number };
    expect(Date.now() - lastActive.toMillis()).toBeLessThan(60_000);
    expect(expires.toMillis() - lastActive.toMillis()).toBe(30 * 60_000);
  });

  it('the daily work deletes the records of sessions that ran out without calling again', async () => {
    const { token } = await newCoordinator();
    const { runDailyWork, DAILY_JOBS } = await import('../../functions/src/schedule/daily');
    const sweep = DAILY_JOBS.filter((job) => job.name === 'ended-sessions');
    expect(sweep).toHaveLength(1);
    // A run for a date months ahead (as the tests and `npm run daily -- --date` make them)
    // leaves a live session alone: sessions keep the real clock.
    await runDailyWork(new Date(Date.now() + 90 * 24 * 3600_000), sweep);
    expect((await recordOf(token).get()).exists).toBe(true);
    // Idle since an hour ago, never heard from again.
    await recordOf(token).update({ expiresAt: new Date(Date.now() - 30 * 60_000) });
    await runDailyWork(new Date(), sweep);
    expect((await recordOf(token).get()).exists).toBe(false);
    // The sessions still standing stay (this file's coordinator's).
    expect((await recordOf(coordinatorToken).get()).exists).toBe(true);
  });
});

/** What the passkey step asks of this coordinator's next password sign-in. */
async function nextSignInMode(who: { email: string; password: string }) {
  const next = await passwordSession(authHost(), who.email, who.password);
  const options = await call<PasskeyOptionsResponse>('POST', accountSecurityPaths.passkeyOptions, {
    token: next.idToken,
    body: {},
  });
  return options.body.mode;
}

/** The account notices queued for the coordinator `uid`: to whom, and their subjects. */
async function noticesTo(uid: string): Promise<{ to: string[]; subject: string }[]> {
  return (await queuedAbout(uid))
    .filter((m) => m.kind === 'account-changed')
    .map((m) => ({ to: m.to, subject: m.message.subject }));
}

/** The coordinator who resets others' passkeys in this file, with their own passkey. */
let resetter: Awaited<ReturnType<typeof newCoordinator>> | undefined;

/** Another coordinator resets `uid`'s passkeys, with the fresh passkey answer it needs. */
async function resetPasskeysOf(uid: string) {
  resetter ??= await newCoordinator();
  expect((await stepUpWith(resetter.token, resetter.authenticator)).status).toBe(200);
  return call<PasskeysResetResponse>('DELETE', teamPaths.memberPasskeys(uid), {
    token: resetter.token,
  });
}

/** The history's entry for the reset of `uid`'s passkeys, if any. */
async function passkeysResetEntry(uid: string): Promise<AuditEntry | undefined> {
  const history = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', {
    token: coordinatorToken,
  });
  return history.body.entries.find(
    (e) => e.action === 'coordinator.passkeys-reset' && e.subject.id === uid,
  );
}

/** The passkey step's register answer for `session`, sent with `enrolmentCode` (or none). */
async function enrolWith(
  session: { idToken: string },
  authenticator: SoftwareAuthenticator,
  enrolmentCode?: string,
) {
  const options = await call<PasskeyOptionsResponse>('POST', accountSecurityPaths.passkeyOptions, {
    token: session.idToken,
    body: {},
  });
  expect(options.body.mode).toBe('register');
  return call<ApiErrorBody>('POST', accountSecurityPaths.passkeyVerify, {
    token: session.idToken,
    body: {
      response: authenticator.register(
        options.body.options as { challenge: string; rp: { id?: string } },
      ),
      ...(enrolmentCode === undefined ? {} : { enrolmentCode }),
    },
  });
}

describe('the first passkey needs an enrolment code', () => {
  it('after a reset, the password or the mailbox alone enrols nothing; the code works once and expires', async () => {
    const lost = await newCoordinator();
    const reset = await resetPasskeysOf(lost.uid);
    expect(reset.status).toBe(200);
    const code = reset.body.enrolmentCode;
    // Whoever holds the password (or got in through the mailbox) but not the code.
    const intruder = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    const session = await passwordSession(authHost(), lost.email, lost.password);
    const none = await enrolWith(session, intruder);
    expect(none.status).toBe(400);
    expect(none.body.error.fields?.enrolmentCode).toBe(SESSION_MESSAGES.enrolmentCodeNeeded);
    const guessed = await enrolWith(session, intruder, 'ABCDE-FGHJK');
    expect(guessed.status).toBe(400);
    expect(guessed.body.error.fields?.enrolmentCode).toBe(SESSION_MESSAGES.enrolmentCodeWrong);
    const secrets = firestore().collection('coordinatorSecrets').doc(lost.uid);
    expect((await secrets.get()).get('passkeys')).toEqual([]);

    // The owner, with the code: enrolled, and the code is spent.
    const owner = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    expect((await enrolWith(session, owner, code)).status).toBe(200);
    expect((await secrets.get()).get('enrolment')).toBeNull();

    // A code past its hour enrols nothing either.
    const other = await newCoordinator();
    const second = await resetPasskeysOf(other.uid);
    await firestore()
      .collection('coordinatorSecrets')
      .doc(other.uid)
      .update({ 'enrolment.expiresAt': new Date(Date.now() - 1000) });
    const late = await enrolWith(
      await passwordSession(authHost(), other.email, other.password),
      new SoftwareAuthenticator(new URL(siteUrl()).origin),
      second.body.enrolmentCode,
    );
    expect(late.status).toBe(400);
    expect(late.body.error.fields?.enrolmentCode).toBe(SESSION_MESSAGES.enrolmentCodeWrong);
  });
});

describe("another coordinator's passkey reset, a second device", () => {
  it("a confirmed session alone (left open, or taken over) resets nobody's passkeys", async () => {
    const lost = await newCoordinator();
    const unasked = await call<ApiErrorBody>('DELETE', teamPaths.memberPasskeys(lost.uid), {
      token: coordinatorToken,
    });
    expect(unasked.status).toBe(403);
    expect(unasked.body.error.message).toBe(SESSION_MESSAGES.stepUpRequired);
    // Nothing changed: their passkey still confirms their sign-in, nothing is in the history.
    expect(await bothWith(lost.token)).toEqual({ api: 200, firestore: 404 });
    expect(await nextSignInMode(lost)).toBe('authenticate');
    expect(await passkeysResetEntry(lost.uid)).toBeUndefined();
  });

  it('removes their passkeys, ends their sessions, is in the history; they enrol again', async () => {
    const lost = await newCoordinator();
    const res = await resetPasskeysOf(lost.uid);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SESSION_MESSAGES.passkeysReset(lost.email));
    expect(res.body.enrolmentCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const hour = Date.parse(res.body.expiresAt) - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    // Refused at once by the API (its record gone, or its token revoked) and by Firestore.
    expect(await bothWith(lost.token)).toEqual({ api: 401, firestore: 403 });
    expect(await nextSignInMode(lost)).toBe('register');
    expect(await passkeysResetEntry(lost.uid)).toBeDefined();
    // Told at their own address, in the reset's transaction.
    expect(await noticesTo(lost.uid)).toEqual([
      { to: [lost.email], subject: 'Your coordinator passkeys were reset' },
    ]);
    // They enrol again with the code handed over (typed in lower case, with spaces: the same).
    const phone = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    const again = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), lost.email, lost.password),
      phone,
      res.body.enrolmentCode.toLowerCase().replace('-', ' '),
    );
    expect((await call('GET', '/api/admin/stats', { token: again })).status).toBe(200);
    // Nobody resets their own, fresh answer or not.
    const me = await newCoordinator();
    expect((await stepUpWith(me.token, me.authenticator)).status).toBe(200);
    const own = await call<ApiErrorBody>('DELETE', teamPaths.memberPasskeys(me.uid), {
      token: me.token,
    });
    expect(own.status).toBe(409);
    expect(own.body.error.message).toMatch(/Ask another coordinator/);
  });

  it('the only coordinator is reset from the command line: the same reset, in the history', async () => {
    const lost = await newCoordinator();
    await nextSecond();
    // As an operator runs it; the lane's emulators are in the environment.
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'scripts', 'admin-reset-passkeys.ts'), lost.email.toUpperCase()],
      { cwd: ROOT, encoding: 'utf8', env: process.env, timeout: 60_000 },
    );
    expect(stdout).toContain(`Reset ${lost.email} (local emulators)`);
    const printed = /Enrolment code: ([A-Z2-9]{5}-[A-Z2-9]{5}) /.exec(stdout)?.[1];
    expect(printed).toBeDefined();
    expect((await call('GET', '/api/admin/stats', { token: lost.token })).status).toBe(401);
    const secrets = await firestore().collection('coordinatorSecrets').doc(lost.uid).get();
    expect(secrets.get('passkeys')).toEqual([]);
    expect((await recordOf(lost.token).get()).exists).toBe(false);
    expect((await adminAuth().getUser(lost.uid)).customClaims).toEqual({ admin: true });
    expect(await nextSignInMode(lost)).toBe('register');
    const enrolled = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), lost.email, lost.password),
      new SoftwareAuthenticator(new URL(siteUrl()).origin),
      printed,
    );
    expect((await call('GET', '/api/admin/stats', { token: enrolled })).status).toBe(200);
    expect((await passkeysResetEntry(lost.uid))?.actor).toEqual({
      uid: 'command-line',
      email: null,
    });

    // Someone who is not a coordinator: nothing to reset, and it says so (the script prints it
    // and exits 1).
    const { resetPasskeysFromCommandLine } = await import('../../functions/src/passkeys');
    await expect(resetPasskeysFromCommandLine('nobody-here@test.example.org')).rejects.toThrow(
      'This person is not a coordinator.',
    );
  });

  it('a second passkey needs a fresh answer from the first, is in the history, and signs in as well', async () => {
    const { token, email, password, authenticator, uid } = await newCoordinator();
    const phone = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    // A confirmed session alone (left open, or taken over) adds no passkey.
    const unasked = await call<ApiErrorBody>('POST', accountSecurityPaths.addPasskeyOptions, {
      token,
      body: {},
    });
    expect(unasked.status).toBe(403);
    expect(unasked.body.error.message).toBe(SESSION_MESSAGES.stepUpRequired);
    // Nor does an answer from a passkey that is not theirs.
    expect((await stepUpWith(token, phone)).status).toBe(403);
    const stepped = await stepUpWith(token, authenticator);
    expect(stepped.status).toBe(200);
    expect(Date.parse(stepped.body.until) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const options = await call<{ challenge: string; rp: { id: string } }>(
      'POST',
      accountSecurityPaths.addPasskeyOptions,
      { token, body: {} },
    );
    const added = await call('POST', accountSecurityPaths.addPasskey, {
      token,
      body: { response: phone.register(options.body) },
    });
    expect(added.status).toBe(201);
    const history = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', {
      token: coordinatorToken,
    });
    expect(
      history.body.entries.find(
        (e) => e.action === 'coordinator.passkey-added' && e.subject.id === uid,
      ),
    ).toBeDefined();
    expect(await noticesTo(uid)).toEqual([
      { to: [email], subject: 'A passkey was added to your coordinator account' },
    ]);
    const later = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), email, password),
      phone,
    );
    expect((await call('GET', '/api/admin/stats', { token: later })).status).toBe(200);
    // The fresh answer counts for its own session only.
    const elsewhere = await call<ApiErrorBody>('POST', accountSecurityPaths.addPasskeyOptions, {
      token: later,
      body: {},
    });
    expect(elsewhere.status).toBe(403);
  });
});

describe("one's own passkeys: listed, and one removed (never the last)", () => {
  it('lists them with when each was added and last used, and removes one with a fresh answer: its sessions end', async () => {
    const { token, email, password, authenticator, uid } = await newCoordinator();
    const listed = await call<OwnPasskeysResponse>('GET', accountSecurityPaths.ownPasskeys, {
      token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.passkeys).toEqual([
      expect.objectContaining({ id: authenticator.id, current: true }),
    ]);
    const [first] = listed.body.passkeys;
    expect(Date.parse(first?.addedAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(first?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed.body)).not.toMatch(/publicKey|counter/);

    // A confirmed session alone (left open, or taken over) removes nothing.
    const unasked = await call<ApiErrorBody>(
      'DELETE',
      accountSecurityPaths.ownPasskey(authenticator.id),
      { token },
    );
    expect(unasked.status).toBe(403);
    expect(unasked.body.error.message).toBe(SESSION_MESSAGES.stepUpRequired);
    expect((await stepUpWith(token, authenticator)).status).toBe(200);
    // The only passkey stays: without it nobody could sign in.
    const last = await call<ApiErrorBody>(
      'DELETE',
      accountSecurityPaths.ownPasskey(authenticator.id),
      { token },
    );
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe(SESSION_MESSAGES.lastPasskey);

    // A phone's passkey is added, and a session is confirmed with it (the phone, later lost).
    const phone = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    const options = await call<{ challenge: string; rp: { id: string } }>(
      'POST',
      accountSecurityPaths.addPasskeyOptions,
      { token, body: {} },
    );
    expect(
      (
        await call('POST', accountSecurityPaths.addPasskey, {
          token,
          body: { response: phone.register(options.body) },
        })
      ).status,
    ).toBe(201);
    const onPhone = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), email, password),
      phone,
    );
    expect((await call('GET', '/api/admin/stats', { token: onPhone })).status).toBe(200);

    const removed = await call<{ message: string }>(
      'DELETE',
      accountSecurityPaths.ownPasskey(phone.id),
      { token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(SESSION_MESSAGES.passkeyRemoved);
    // The phone's session ends at once; this one goes on, with one passkey left.
    expect((await call('GET', '/api/admin/stats', { token: onPhone })).status).toBe(401);
    const after = await call<OwnPasskeysResponse>('GET', accountSecurityPaths.ownPasskeys, {
      token,
    });
    expect(after.body.passkeys.map((p) => p.id)).toEqual([authenticator.id]);
    // Gone already: 404, nothing changed.
    const again = await call<ApiErrorBody>('DELETE', accountSecurityPaths.ownPasskey(phone.id), {
      token,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SESSION_MESSAGES.passkeyGone);

    const history = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', {
      token: coordinatorToken,
    });
    expect(
      history.body.entries.filter(
        (e) => e.action === 'coordinator.passkey-removed' && e.subject.id === uid,
      ),
    ).toHaveLength(1);
    expect(await noticesTo(uid)).toContainEqual({
      to: [email],
      subject: 'A passkey was removed from your coordinator account',
    });
  });
});

describe('a credential id is stored once, across every account', () => {
  /** An authenticator of someone else's making that claims `id`: another key under that id. */
  const claiming = (id: string) => {
    const origin = new URL(siteUrl()).origin;
    return new SoftwareAuthenticator(origin, {
      ...new SoftwareAuthenticator(origin).save(),
      credentialId: id,
    });
  };
  const passkeysOf = async (uid: string) =>
    (await firestore().collection('coordinatorSecrets').doc(uid).get()).get('passkeys') as {
      id: string;
      publicKey: string;
    }[];
  const addWith = async (
    who: { token: string; authenticator: SoftwareAuthenticator },
    authenticator: SoftwareAuthenticator,
  ) => {
    const { token } = who;
    expect((await stepUpWith(token, who.authenticator)).status).toBe(200);
    const options = await call<{ challenge: string; rp: { id: string } }>(
      'POST',
      accountSecurityPaths.addPasskeyOptions,
      { token, body: {} },
    );
    return call<ApiErrorBody>('POST', accountSecurityPaths.addPasskey, {
      token,
      body: { response: authenticator.register(options.body) },
    });
  };
  const expectInUse = (res: { status: number; body: ApiErrorBody }) => {
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'already-exists',
      message: SESSION_MESSAGES.passkeyInUse,
    });
  };

  it("a second device's passkey with an id already stored, theirs or another's, is refused and replaces nothing", async () => {
    const owner = await newCoordinator();
    const before = await passkeysOf(owner.uid);
    expect(before.map((p) => p.id)).toEqual([owner.authenticator.id]);

    // On the same account: the stored key would have been replaced by the newcomer's.
    expectInUse(await addWith(owner, claiming(owner.authenticator.id)));
    // On another coordinator's account.
    const other = await newCoordinator();
    expectInUse(await addWith(other, claiming(owner.authenticator.id)));
    // Replaced nothing: the same credentials and keys (the step-ups moved only the counter).
    const keys = (list: { id: string; publicKey: string }[]) =>
      list.map(({ id, publicKey }) => ({ id, publicKey }));
    expect(keys(await passkeysOf(owner.uid))).toEqual(keys(before));
    expect((await passkeysOf(other.uid)).map((p) => p.id)).toEqual([other.authenticator.id]);

    // The owner's own device still confirms their sign-in.
    const later = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), owner.email, owner.password),
      owner.authenticator,
    );
    expect((await call('GET', '/api/admin/stats', { token: later })).status).toBe(200);
  });

  it("the first passkey at sign-in is refused when its id is another coordinator's; a passkey of one's own enrols", async () => {
    const owner = await newCoordinator();
    const lost = await newCoordinator();
    const reset = await resetPasskeysOf(lost.uid);
    expect(reset.status).toBe(200);
    await nextSecond();
    const session = await passwordSession(authHost(), lost.email, lost.password);
    const options = await call<PasskeyOptionsResponse>(
      'POST',
      accountSecurityPaths.passkeyOptions,
      { token: session.idToken, body: {} },
    );
    expect(options.body.mode).toBe('register');
    const enrol = await call<ApiErrorBody>('POST', accountSecurityPaths.passkeyVerify, {
      token: session.idToken,
      body: {
        response: claiming(owner.authenticator.id).register(
          options.body.options as { challenge: string; rp: { id?: string } },
        ),
        enrolmentCode: reset.body.enrolmentCode,
      },
    });
    expectInUse(enrol);
    expect(await passkeysOf(lost.uid)).toEqual([]);
    const refreshed = await refreshedIdToken(authHost(), session.refreshToken);
    expect((await call('GET', '/api/admin/stats', { token: refreshed })).status).toBe(403);

    // A passkey of their own enrols as before.
    const own = new SoftwareAuthenticator(new URL(siteUrl()).origin);
    const confirmed = await confirmWithPasskey(
      where(),
      await passwordSession(authHost(), lost.email, lost.password),
      own,
      reset.body.enrolmentCode,
    );
    expect((await call('GET', '/api/admin/stats', { token: confirmed })).status).toBe(200);
    expect((await passkeysOf(lost.uid)).map((p) => p.id)).toEqual([own.id]);
  });
});

describe('the account itself', () => {
  it("an account whose address was moved (Firebase's own API takes the password for that) opens nothing", async () => {
    const { uid, email, password, authenticator } = await newCoordinator();
    const session = await customSession(email, password, authenticator);
    expect((await call('GET', '/api/admin/stats', { token: session.idToken })).status).toBe(200);
    // Someone holding the password moves the account to an address of theirs.
    const theirs = `moved-${uid.slice(0, 8)}@attacker.example.org`;
    await adminAuth().updateUser(uid, { email: theirs });
    // The session open before the move opens nothing. Firebase marks the account's earlier
    // sign-ins revoked at an address change (401); the Auth emulator counts that in whole
    // seconds, so a move within the second of the sign-in leaves the token valid and the
    // address check answers (403). Which one depends on the clock, not on the site.
    const moved = await refreshedIdToken(authHost(), session.refreshToken);
    const stale = await call<ApiErrorBody>('GET', '/api/admin/stats', { token: moved });
    expect([401, 403]).toContain(stale.status);
    // A sign-in under the new address is refused with the reason, at the dashboard's door and
    // at the second step of a sign-in.
    const fresh = await passwordSession(authHost(), theirs, password);
    const refused = await call<ApiErrorBody>('GET', '/api/admin/stats', { token: fresh.idToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SESSION_MESSAGES.addressChanged);
    const options = await call<ApiErrorBody>('POST', accountSecurityPaths.passkeyOptions, {
      token: fresh.idToken,
      body: {},
    });
    expect(options.status).toBe(403);
    expect(options.body.error.message).toBe(SESSION_MESSAGES.addressChanged);
    // The coordinator, at the address the team knows, and the coordinators' mailbox are told,
    // once for that address however many requests it makes; the history says so.
    expect(await noticesTo(uid)).toEqual([
      {
        to: [email, COORDINATORS],
        subject: 'Your coordinator account signed in under another e-mail address',
      },
    ]);
    const history = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', {
      token: coordinatorToken,
    });
    expect(
      history.body.entries.filter(
        (e) => e.action === 'coordinator.address-changed' && e.subject.id === uid,
      ),
    ).toHaveLength(1);
  });

  it("the mailbox alone signs in no coordinator: Firebase's e-mail link is refused, an applicant's works", async () => {
    const { email } = await newCoordinator();
    // Anyone can ask Firebase to mail a sign-in link to any address; its holder opens it.
    await expect(linkSignIn(email)).rejects.toThrow(SESSION_MESSAGES.emailLinkRefused);
    const applicant = `applicant-${uniqueSuffix()}@test.example.org`;
    expect(payloadOf(await linkSignIn(applicant)).email).toBe(applicant);
  });
});

describe('the password policy on change', () => {
  it('refuses a short password, the address and the program name, with field messages', async () => {
    const { token, email, authenticator } = await newCoordinator();
    const change = (password: string) =>
      call<ApiErrorBody>('POST', teamPaths.changePassword, { token, body: { password } });
    // A confirmed session alone (left open, or taken over) changes no password.
    const unasked = await change('a-quiet-harbour-lamp');
    expect(unasked.status).toBe(403);
    expect(unasked.body.error.message).toBe(SESSION_MESSAGES.stepUpRequired);
    expect((await stepUpWith(token, authenticator)).status).toBe(200);
    const short = await change('short-pass1');
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.password).toMatch(/at least 12 characters/);
    const address = await change(`${email.toUpperCase()}`);
    expect(address.status).toBe(400);
    expect(address.body.error.fields?.password).toMatch(/email address/);
    const program = await change('Bridge Mentorship 2024');
    expect(program.status).toBe(400);
    expect(program.body.error.fields?.password).toMatch(/program's name/);
    // Nothing changed: the old password still signs in.
    await expect(signInWithPassword(authHost(), email, 'test-password-123')).resolves.toBeTruthy();

    const good = await change('a-quiet-harbour-lamp');
    expect(good.status).toBe(200);
    await expect(
      signInWithPassword(authHost(), email, 'a-quiet-harbour-lamp'),
    ).resolves.toBeTruthy();
    // Every session of the account ended, this one too, for Firestore as well; in the history.
    const uid = payloadOf(token).user_id;
    const history = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', {
      token: coordinatorToken,
    });
    expect(
      history.body.entries.find(
        (e) => e.action === 'coordinator.password-changed' && e.subject.id === uid,
      ),
    ).toBeDefined();
    // One notice, for the change made: the refused attempts above told nobody anything.
    expect(await noticesTo(uid)).toEqual([
      { to: [email], subject: 'Your coordinator password was changed' },
    ]);
    expect((await adminAuth().getUser(uid)).tokensValidAfterTime).toBeTruthy();
    expect((await recordOf(token).get()).exists).toBe(false);
    expect(await firestoreRead(token, 'students/none')).toBe(403);
  });
});
