/**
 * The coordinator team through the stack: invitation by e-mail, acceptance, removal (the removed
 * coordinator's next call is refused), the forgotten-password request (same answer for every
 * address, a link only to coordinators) and the history entries.
 */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  TEAM_MESSAGES,
  type AcceptInvitationResponse,
  teamPaths,
  type ApiErrorBody,
  type AuditEntry,
  type TeamResponse,
} from '@mentorship/domain';
import { signInWithPassword } from '../../scripts/lib/admin';
import {
  adminAuth,
  authHost,
  call,
  coordinatorSignIn,
  firestore,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { coordinatorToken as inviterToken } from '../support/coordinator';
import { linkIn, mailsTo, waitForMail } from '../support/inbox';

jest.setTimeout(120_000);

const history = async (token: string) =>
  (await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=50', { token })).body
    .entries;

/** Invites a fresh address and follows the e-mail's link: answers the token and the address. */
async function invite(): Promise<{ email: string; token: string }> {
  const email = `invitee-${uniqueSuffix()}@test.example.org`;
  const res = await call<{ id: string; message: string }>('POST', teamPaths.invitations, {
    body: { email },
    token: inviterToken,
  });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe(TEAM_MESSAGES.invited(email));
  const mail = await waitForMail(email, /invited to coordinate/);
  const link = linkIn(mail, '/admin/accept-invitation');
  return { email, token: new URLSearchParams(link.hash.slice(1)).get('token') ?? '' };
}

describe('invitations', () => {
  it('invite, accept from the e-mail, sign in: a coordinator added by the inviter', async () => {
    const { email, token } = await invite();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Only the token's hash is stored.
    const stored = await firestore().collection('invitations').where('email', '==', email).get();
    expect(stored.size).toBe(1);
    expect(JSON.stringify(stored.docs[0]?.data())).not.toContain(token);
    expect(stored.docs[0]?.get('tokenHashes')).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    // The outbox keeps the message with a placeholder: the link was made at the send.
    const queued = await firestore()
      .collection('mail')
      .where('subjectId', '==', stored.docs[0]?.id)
      .get();
    expect(queued.size).toBe(1);
    const json = JSON.stringify(queued.docs[0]?.data());
    expect(json).not.toContain(token);
    expect(json).not.toMatch(/accept-invitation|token=/);
    expect(json).toContain('[[link-0]]');

    const pending = await call<TeamResponse>('GET', teamPaths.team, { token: inviterToken });
    expect(pending.body.invitations.map((i) => i.email)).toContain(email);

    const accepted = await call<AcceptInvitationResponse>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'a-new-password-1' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.email).toBe(email);

    const newToken = await coordinatorSignIn(
      email,
      'a-new-password-1',
      accepted.body.enrolmentCode,
    );
    const team = await call<TeamResponse>('GET', teamPaths.team, { token: newToken });
    expect(team.status).toBe(200);
    const me = team.body.members.find((m) => m.email === email);
    expect(me?.addedBy?.uid).toBeDefined();
    expect(me?.lastSignInAt).not.toBeNull();
    expect(team.body.invitations.map((i) => i.email)).not.toContain(email);

    // Used once only.
    const again = await call<ApiErrorBody>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'another-password-2' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TEAM_MESSAGES.invitationInvalid);

    const actions = (await history(newToken)).filter((e) => e.subject.name === email);
    expect(actions.map((e) => e.action).sort()).toEqual(['coordinator.invite', 'coordinator.join']);
  });

  it('refuses a bad address, a coordinator address, a wrong token and a short password', async () => {
    const bad = await call<ApiErrorBody>('POST', teamPaths.invitations, {
      body: { email: 'not-an-address' },
      token: inviterToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.email).toBeDefined();

    const { email, token } = await invite();
    const short = await call<ApiErrorBody>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.password).toMatch(/at least/);

    const wrong = await call<ApiErrorBody>('POST', teamPaths.acceptInvitation, {
      body: { token: `${token.slice(0, -4)}AAAA`, password: 'a-long-password-1' },
    });
    expect(wrong.status).toBe(409);
    await call('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'a-long-password-1' },
    });
    const twice = await call<ApiErrorBody>('POST', teamPaths.invitations, {
      body: { email },
      token: inviterToken,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(TEAM_MESSAGES.alreadyCoordinator);
  });

  it('refuses an expired invitation', async () => {
    const { token } = await invite();
    // The invitation keeps the SHA-256 of its token: move its end into the past.
    const found = await firestore()
      .collection('invitations')
      .where('tokenHashes', 'array-contains', createHash('sha256').update(token).digest('hex'))
      .get();
    expect(found.size).toBe(1);
    const ref = found.docs[0]!.ref;
    await ref.update({ expiresAt: new Date(0) });
    const res = await call<ApiErrorBody>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'a-long-password-1' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
  });
});

describe('cancelling, and what removal and acceptance do to invitations', () => {
  /** Invites `email` as the coordinator of `token`: answers the link's token. */
  async function inviteAs(token: string, email: string): Promise<string> {
    const invitations = async () =>
      (await mailsTo(email)).filter((m) => /invited to coordinate/.test(m.subject));
    const before = (await invitations()).length;
    const res = await call<{ id: string }>('POST', teamPaths.invitations, {
      body: { email },
      token,
    });
    expect(res.status).toBe(201);
    // This invitation's own e-mail (the address may have had others).
    const deadline = Date.now() + 45_000;
    let mails = await invitations();
    while (mails.length <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      mails = await invitations();
    }
    const mail = mails[before];
    if (!mail) throw new Error(`No new invitation to ${email} arrived`);
    const link = linkIn(mail, '/admin/accept-invitation');
    return new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
  }
  const accept = (token: string, password: string) =>
    call<ApiErrorBody & AcceptInvitationResponse>('POST', teamPaths.acceptInvitation, {
      body: { token, password },
    });
  /** The Auth account of an address, or null when there is none. */
  const accountOf = (email: string) =>
    adminAuth()
      .getUserByEmail(email)
      .catch(() => null);
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  /** The invitation whose e-mailed token this is (it keeps the token's SHA-256 only). */
  const idOfToken = async (token: string) => {
    const hash = hashOf(token);
    const found = await firestore()
      .collection('invitations')
      .where('tokenHashes', 'array-contains', hash)
      .get();
    if (found.size !== 1) throw new Error(`${found.size} invitations hold the token's hash`);
    return found.docs[0]!.id;
  };
  const pendingEmails = async () =>
    (await call<TeamResponse>('GET', teamPaths.team, { token: inviterToken })).body.invitations.map(
      (i) => i.email,
    );

  it('a cancelled invitation leaves the list, its link dies, and the history says who', async () => {
    const { email, token } = await invite();
    const id = await idOfToken(token);
    expect(await pendingEmails()).toContain(email);

    const cancelled = await call<{ message: string }>('DELETE', teamPaths.invitation(id), {
      token: inviterToken,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(TEAM_MESSAGES.invitationCancelled(email));
    expect(await pendingEmails()).not.toContain(email);

    const late = await accept(token, 'a-long-password-1');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
    expect(await accountOf(email)).toBeNull();

    const entry = (await history(inviterToken)).find(
      (e) => e.action === 'coordinator.invitation-cancel' && e.subject.id === id,
    );
    expect(entry?.subject.name).toBe(email);

    // Twice, or an accepted one: 404, nothing changes.
    const again = await call<ApiErrorBody>('DELETE', teamPaths.invitation(id), {
      token: inviterToken,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(TEAM_MESSAGES.invitationNotPending);
    const used = await invite();
    expect((await accept(used.token, 'a-long-password-1')).status).toBe(200);
    const usedOne = await call('DELETE', teamPaths.invitation(await idOfToken(used.token)), {
      token: inviterToken,
    });
    expect(usedOne.status).toBe(404);
    // Not a coordinator: refused.
    const { token: other } = await invite();
    const stranger = await tokenFor('user');
    const refused = await call('DELETE', teamPaths.invitation(await idOfToken(other)), {
      token: stranger,
    });
    expect(refused.status).toBe(403);
    expect((await accept(other, 'a-long-password-1')).status).toBe(200);
  });

  it('removing a coordinator cancels the invitations they sent and those addressed to them', async () => {
    // A coordinator who then invites someone else.
    const { email: inviter, token } = await invite();
    const joined = await accept(token, 'inviter-password-1');
    expect(joined.status).toBe(200);
    const theirToken = await coordinatorSignIn(
      inviter,
      'inviter-password-1',
      joined.body.enrolmentCode,
    );
    const invitee = `invitee-${uniqueSuffix()}@test.example.org`;
    const sentByThem = await inviteAs(theirToken, invitee);
    const uid = (await adminAuth().getUserByEmail(inviter)).uid;
    // An invitation to them cannot be sent while they are a coordinator: write one sent before
    // they joined straight into the store, as the old code left it.
    const stale = `${uniqueSuffix()}${uniqueSuffix()}`.padEnd(43, 'x');
    const staleId = `stale-${uniqueSuffix()}`;
    const now = Date.now();
    await firestore()
      .collection('invitations')
      .doc(staleId)
      .set({
        tokenHashes: [hashOf(stale)],
        email: inviter,
        invitedAt: new Date(now - 60_000),
        // From a coordinator still on the team.
        invitedBy: { uid: (await adminAuth().verifyIdToken(inviterToken)).uid, email: null },
        expiresAt: new Date(now + 86_400_000),
        acceptedAt: null,
        acceptedBy: null,
      });

    const removed = await call('DELETE', teamPaths.member(uid), { token: inviterToken });
    expect(removed.status).toBe(200);
    const pending = await pendingEmails();
    expect(pending).not.toContain(invitee);
    expect(pending).not.toContain(inviter);

    // The invitee's link from the removed inviter: dead, no account made.
    const fromRemoved = await accept(sentByThem, 'invitee-password-1');
    expect(fromRemoved.status).toBe(409);
    expect(fromRemoved.body.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
    expect(await accountOf(invitee)).toBeNull();
    // The removed coordinator's old invitation: dead, their password unchanged.
    const comeback = await accept(stale, 'comeback-password-1');
    expect(comeback.status).toBe(409);
    await expect(signInWithPassword(authHost(), inviter, 'comeback-password-1')).rejects.toThrow();
    expect((await firestore().collection('coordinators').doc(uid).get()).exists).toBe(false);

    const entry = (await history(inviterToken)).find(
      (e) => e.action === 'coordinator.remove' && e.subject.id === uid,
    );
    expect(entry?.detail).toBe('2 pending invitations cancelled');

    // The rule: a removed coordinator comes back through a new invitation sent after removal.
    const fresh = await inviteAs(inviterToken, inviter);
    const rejoined = await accept(fresh, 'comeback-password-2');
    expect(rejoined.status).toBe(200);
    const back = await coordinatorSignIn(
      inviter,
      'comeback-password-2',
      rejoined.body.enrolmentCode,
    );
    expect((await call('GET', '/api/admin/stats', { token: back })).status).toBe(200);
  });

  it("an invitation never changes a current coordinator's password", async () => {
    const email = `twice-${uniqueSuffix()}@test.example.org`;
    // Two invitations to one address; the first is accepted.
    const first = await inviteAs(inviterToken, email);
    const second = await inviteAs(inviterToken, email);
    expect((await accept(first, 'my-own-password-1')).status).toBe(200);
    // Accepting deleted the other pending one: it is not listed and its link is dead.
    expect(await pendingEmails()).not.toContain(email);
    const res = await accept(second, 'the-holders-password-1');
    expect(res.status).toBe(409);
    await expect(signInWithPassword(authHost(), email, 'the-holders-password-1')).rejects.toThrow();
    expect(await signInWithPassword(authHost(), email, 'my-own-password-1')).toBeTruthy();

    // A leftover written as the old code left it (not deleted at acceptance): refused with the
    // reason, and spent; the password stays.
    const leftover = `${uniqueSuffix()}${uniqueSuffix()}`.padEnd(43, 'y');
    const leftoverId = `leftover-${uniqueSuffix()}`;
    const now = Date.now();
    const inviterUid = (await adminAuth().verifyIdToken(inviterToken)).uid;
    await firestore()
      .collection('invitations')
      .doc(leftoverId)
      .set({
        tokenHashes: [hashOf(leftover)],
        email,
        invitedAt: new Date(now - 60_000),
        invitedBy: { uid: inviterUid, email: null },
        expiresAt: new Date(now + 86_400_000),
        acceptedAt: null,
        acceptedBy: null,
      });
    const stale = await accept(leftover, 'the-holders-password-2');
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(TEAM_MESSAGES.invitationForCoordinator);
    await expect(signInWithPassword(authHost(), email, 'the-holders-password-2')).rejects.toThrow();
    expect(await signInWithPassword(authHost(), email, 'my-own-password-1')).toBeTruthy();
    expect((await firestore().collection('invitations').doc(leftoverId).get()).exists).toBe(false);
  });
});

describe('removal', () => {
  it("ends the removed coordinator's access at once: claim, sessions and document", async () => {
    const { email, token } = await invite();
    const accepted = await call<AcceptInvitationResponse>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'a-new-password-1' },
    });
    const theirToken = await coordinatorSignIn(
      email,
      'a-new-password-1',
      accepted.body.enrolmentCode,
    );
    expect((await call('GET', '/api/admin/stats', { token: theirToken })).status).toBe(200);
    const uid = (await adminAuth().getUserByEmail(email)).uid;

    const removed = await call<{ message: string }>('DELETE', teamPaths.member(uid), {
      token: inviterToken,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(TEAM_MESSAGES.removed(email));

    // The token minted before the removal: refused on the next call. 401 when the revocation is
    // seen (the token is from an earlier second than the revocation: Firebase compares whole
    // seconds), else 403 from the missing coordinators document; admin-auth.test.ts has both.
    const next = await call<ApiErrorBody>('GET', '/api/admin/stats', { token: theirToken });
    expect([401, 403]).toContain(next.status);
    expect(['unauthenticated', 'permission-denied']).toContain(next.body.error.code);
    expect((await adminAuth().getUser(uid)).customClaims?.admin).toBeUndefined();
    expect((await firestore().collection('coordinators').doc(uid).get()).exists).toBe(false);
    // A new sign-in has no claim any more: 403.
    const fresh = await signInWithPassword(authHost(), email, 'a-new-password-1');
    expect((await call('GET', '/api/admin/stats', { token: fresh })).status).toBe(403);

    const entry = (await history(inviterToken)).find(
      (e) => e.action === 'coordinator.remove' && e.subject.id === uid,
    );
    expect(entry?.subject.name).toBe(email);

    const gone = await call('DELETE', teamPaths.member(uid), { token: inviterToken });
    expect(gone.status).toBe(404);
  });
});

describe('what is still queued to a removed coordinator', () => {
  it('is withdrawn: alone it ends unsent, shared it goes to the others only', async () => {
    const { email, token } = await invite();
    await call('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'a-new-password-1' },
    });
    const uid = (await adminAuth().getUserByEmail(email)).uid;
    const other = `colleague-${uniqueSuffix()}@test.example.org`;
    // Messages the mail server deferred: each waits for its next attempt, an hour away.
    const waiting = (to: string[]) => ({
      kind: 'interview-reminder',
      subjectId: `booking-${uniqueSuffix()}`,
      to,
      message: { subject: 'Interview tomorrow', text: 'Mentor Jane Roe', html: '<p>Jane Roe</p>' },
      createdAt: Timestamp.now(),
      delivery: {
        state: 'RETRY',
        attempts: 1,
        retryReason: 'deferred',
        nextAttemptAt: Timestamp.fromMillis(Date.now() + 3_600_000),
        error: '451 try later',
        info: null,
        leaseExpireTime: null,
      },
    });
    const mail = firestore().collection('mail');
    const alone = await mail.add(waiting([email]));
    const shared = await mail.add(waiting([email, other]));
    const givenUp = await mail.add({
      ...waiting([email]),
      delivery: { state: 'ERROR', attempts: 3, error: '550 no', info: null, leaseExpireTime: null },
      attention: true,
    });

    const removed = await call('DELETE', teamPaths.member(uid), { token: inviterToken });
    expect(removed.status).toBe(200);

    const aloneNow = (await alone.get()).data();
    expect(aloneNow?.delivery.state).toBe('ERROR');
    expect(aloneNow?.delivery.nextAttemptAt).toBeNull();
    expect(aloneNow?.attention).toBe(false);
    expect((await shared.get()).data()?.to).toEqual([other]);
    expect((await shared.get()).data()?.delivery.state).toBe('RETRY');
    // Off the coordinators' list of undelivered messages: nobody sends it to them again.
    expect((await givenUp.get()).data()?.attention).toBe(false);
  });
});

describe('forgotten password', () => {
  it('answers every address alike; only a coordinator gets a link, and it works', async () => {
    const { email, token } = await invite();
    const accepted = await call<AcceptInvitationResponse>('POST', teamPaths.acceptInvitation, {
      body: { token, password: 'the-old-password-1' },
    });
    const stranger = `stranger-${uniqueSuffix()}@test.example.org`;
    const [mine, theirs] = await Promise.all([
      call('POST', teamPaths.passwordReset, { body: { email } }),
      call('POST', teamPaths.passwordReset, { body: { email: stranger } }),
    ]);
    expect(mine.status).toBe(202);
    expect(theirs.status).toBe(202);
    expect(theirs.body).toEqual(mine.body);
    expect(mine.body).toEqual({ message: TEAM_MESSAGES.passwordResetSent });

    const mail = await waitForMail(email, /new password/);
    const oobCode = linkIn(mail, '/admin/reset-password').searchParams.get('oobCode');
    expect(oobCode).toBeTruthy();
    // Firebase's code was made at the send: the stored message holds a placeholder.
    const uid = (await adminAuth().getUserByEmail(email)).uid;
    const queued = await firestore()
      .collection('mail')
      .where('kind', '==', 'password-reset')
      .where('subjectId', '==', uid)
      .get();
    expect(queued.size).toBe(1);
    const json = JSON.stringify(queued.docs[0]?.data());
    expect(json).not.toContain(oobCode as string);
    expect(json).not.toMatch(/oobCode|reset-password/);
    expect(json).toContain('[[link-0]]');
    // What the site's reset page does: the new password goes through the server's policy.
    const short = await call<ApiErrorBody>('POST', teamPaths.passwordResetConfirm, {
      body: { oobCode, password: 'short-pass1' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.password).toMatch(/at least 12 characters/);
    const named = await call<ApiErrorBody>('POST', teamPaths.passwordResetConfirm, {
      body: { oobCode, password: `${email}-2024` },
    });
    expect(named.status).toBe(400);
    expect(named.body.error.fields?.password).toMatch(/email address/);
    // Refused passwords left the link working.
    const reset = await call('POST', teamPaths.passwordResetConfirm, {
      body: { oobCode, password: 'the-new-password-2' },
    });
    expect(reset.status).toBe(200);
    const reused = await call('POST', teamPaths.passwordResetConfirm, {
      body: { oobCode, password: 'the-newer-password-3' },
    });
    expect(reused.status).toBe(409);
    await expect(signInWithPassword(authHost(), email, 'the-old-password-1')).rejects.toThrow();
    // The reset is told at the address (once: the refused tries changed nothing).
    const notices = await firestore()
      .collection('mail')
      .where('kind', '==', 'account-changed')
      .where('subjectId', '==', uid)
      .get();
    expect(notices.docs.map((d) => d.get('message.subject') as string)).toEqual([
      'Your coordinator password was reset',
    ]);
    // Their first passkey, made after the reset, with the code the accept page gave them.
    const newToken = await coordinatorSignIn(
      email,
      'the-new-password-2',
      accepted.body.enrolmentCode,
    );
    expect((await call('GET', '/api/admin/stats', { token: newToken })).status).toBe(200);
    // The stranger's mail would have arrived with the coordinator's.
    expect(await mailsTo(stranger)).toEqual([]);
  });

  it('refuses a malformed address with a field message', async () => {
    const res = await call<ApiErrorBody>('POST', teamPaths.passwordReset, {
      body: { email: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.email).toBeDefined();
  });
});
