/**
 * The coordinator team (see packages/domain/src/team.ts for the model):
 * - `listTeam`: every coordinator (their `coordinators` document, plus the last sign-in from
 *   Firebase Auth) and the pending invitations;
 * - `inviteCoordinator`: an invitation (valid INVITATION_TTL_DAYS), its e-mail through the outbox
 *   and the history entry, in one transaction; the link is made when the e-mail is sent
 *   (`mintInvitationLink`: a random token, only its SHA-256 kept in the invitation's
 *   `tokenHashes`), so no stored message holds it;
 * - `cancelInvitation`: a pending invitation is deleted (its link dies) with its history entry;
 * - `acceptInvitation`: the invitee chooses a password; the Auth user is created (or its password
 *   set), the claim granted, and the coordinators document, the invitation's use and the entry
 *   written in one transaction. Refused, with nothing changed, when the address already belongs
 *   to a coordinator (an invitation never sets a current coordinator's password) or when the
 *   inviter is no longer a coordinator; accepting deletes the address's other pending
 *   invitations;
 * - `removeCoordinator`: the document, the pending invitations they sent and those addressed to
 *   them, and the entry in one transaction that refuses to leave the team empty, then the claim
 *   is taken away and every refresh token revoked. So a removed coordinator comes back only
 *   through a new invitation sent after the removal: every older one is gone. Their interview
 *   slots are then handed to the team (interviews `handOverSlotsOf`) and the e-mails still
 *   waiting in the outbox for them are withdrawn (`withdrawMailTo`);
 * - `requestPasswordReset`: a reset e-mail through the outbox for a coordinator's address, nothing
 *   for any other; run by a trigger after the request is answered, so the caller cannot tell
 *   which. Firebase's reset code is generated when the e-mail is sent (`mintPasswordResetLink`),
 *   never stored.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { logger } from 'firebase-functions';
import {
  INVITATION_TTL_DAYS,
  INVITATION_TTL_MS,
  SESSION_MESSAGES,
  TEAM_MESSAGES,
  passwordProblem,
  coordinatorInvitationEmail,
  linkPlaceholder,
  passwordResetEmail,
  tokenLink,
  type PendingInvitation,
  type TeamMember,
  type TeamResponse,
  type DocOf,
} from '@mentorship/domain';
import { actors, audit, type Actor } from '../audit/audit';
import { siteUrl } from '../email/config';
import { COORDINATOR_LEFT, withdrawMailTo } from '../email/deliver';
import { admitMail, coordinatorSender } from '../email/gate';
import type { LinkMakers } from '../email/links';
import { queueEmail } from '../email/outbox';
import { auth, db, runTransaction } from '../firebase';
import { handOverSlotsOf } from '../interviews';
import { issueEnrolmentCode } from '../passkeys';
import { DomainError } from '../shared/errors';
import { COLLECTIONS } from '../shared/records';
import { LinkGone, newToken, tokenHash } from '../shared/tokens';
import { coordinators, isCoordinator, type CoordinatorDoc } from '../shared/coordinators';
import { coordinatorSecrets, endSessions } from '../shared/coordinator-sessions';
import { queueAccountNotice } from '../shared/account-notice';

/** The one password policy (the domain's `passwordProblem`), as a field error on `password`. */
function checkPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new DomainError('invalid-argument', problem, { password: problem });
}

interface InvitationDoc {
  email: string;
  invitedAt: Timestamp;
  invitedBy: { uid: string; email: string | null };
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  acceptedBy: string | null;
  /** The SHA-256 of each token e-mailed for it (one per delivery attempt); never a token. */
  tokenHashes?: string[];
}

const invitations = () => db.collection(COLLECTIONS.invitations);

const normalise = (email: string) => email.trim().toLowerCase();
const iso = (t: Timestamp) => t.toDate().toISOString();

const userByEmail = (email: string): Promise<UserRecord | undefined> =>
  auth.getUserByEmail(email).catch((error: { code?: string }) => {
    if (error.code === 'auth/user-not-found') return undefined;
    throw error;
  });

export async function listTeam(now = Date.now()): Promise<TeamResponse> {
  // One query per statement: deploy:check reads each statement as one query's shape.
  const membersQuery = coordinators().orderBy('addedAt', 'asc');
  const pendingQuery = invitations().where('acceptedAt', '==', null);
  const [members, pending] = await Promise.all([membersQuery.get(), pendingQuery.get()]);
  const users = new Map<string, UserRecord>();
  const uids = members.docs.map((d) => ({ uid: d.id }));
  // getUsers takes at most 100 identifiers a call.
  for (let i = 0; i < uids.length; i += 100) {
    const found = await auth.getUsers(uids.slice(i, i + 100));
    for (const user of found.users) users.set(user.uid, user);
  }
  const team: TeamMember[] = members.docs.map((d) => {
    const data = d.data() as CoordinatorDoc;
    const lastSignIn = users.get(d.id)?.metadata.lastSignInTime;
    return {
      uid: d.id,
      email: data.email,
      addedAt: iso(data.addedAt),
      addedBy: data.addedBy ?? null,
      lastSignInAt: lastSignIn ? new Date(lastSignIn).toISOString() : null,
    };
  });
  const open: PendingInvitation[] = pending.docs
    .map((d) => ({ id: d.id, data: d.data() as InvitationDoc }))
    .filter(({ data }) => data.expiresAt.toMillis() > now)
    .sort((a, b) => b.data.invitedAt.toMillis() - a.data.invitedAt.toMillis())
    .map(({ id, data }) => ({
      id,
      email: data.email,
      invitedAt: iso(data.invitedAt),
      invitedBy: data.invitedBy,
      expiresAt: iso(data.expiresAt),
    }));
  return { members: team, invitations: open };
}

const currentActor = (): Actor => {
  const actor = actors.getStore();
  if (!actor) throw new DomainError('unauthenticated', 'Sign in as an administrator to continue.');
  return actor;
};

/** Invites `email`; answers the invitation's id. The token only ever exists in the e-mail. */
export async function inviteCoordinator(email: string): Promise<string> {
  const actor = currentActor();
  const address = normalise(email);
  const existing = await userByEmail(address);
  const ref = invitations().doc();
  await runTransaction(async (tx) => {
    if (existing && (await tx.get(coordinators().doc(existing.uid))).exists) {
      throw new DomainError('already-exists', TEAM_MESSAGES.alreadyCoordinator, {
        email: TEAM_MESSAGES.alreadyCoordinator,
      });
    }
    // The one mail gate, before anything is written (429 naming when to try again).
    const countMail = await admitMail(
      tx,
      { kind: 'coordinator-invitation', sender: coordinatorSender(), to: [address] },
      null,
    );
    const now = Timestamp.now();
    const doc: InvitationDoc = {
      email: address,
      invitedAt: now,
      invitedBy: actor,
      expiresAt: Timestamp.fromMillis(now.toMillis() + INVITATION_TTL_MS),
      acceptedAt: null,
      acceptedBy: null,
      tokenHashes: [],
    };
    tx.create(ref, doc);
    countMail();
    queueEmail(
      tx,
      address,
      coordinatorInvitationEmail({
        invitedBy: actor.email ?? 'A coordinator',
        link: linkPlaceholder(0),
        days: INVITATION_TTL_DAYS,
      }),
      {
        kind: 'coordinator-invitation',
        subjectId: ref.id,
        links: [{ kind: 'invitation', invitationId: ref.id }],
      },
    );
    audit(tx, {
      action: 'coordinator.invite',
      subject: { kind: 'coordinator', id: ref.id, name: address },
      people: [],
    });
  });
  return ref.id;
}

const invitationRefused = () =>
  new DomainError('failed-precondition', TEAM_MESSAGES.invitationInvalid);
const alreadyCoordinatorRefused = () =>
  new DomainError('failed-precondition', TEAM_MESSAGES.invitationForCoordinator);

/** The pending invitations sent by `uid` and those addressed to `email` (one query each). */
async function pendingInvitationsOf(
  tx: Transaction,
  who: { invitedBy?: string; email?: string },
): Promise<DocumentSnapshot[]> {
  const found: DocumentSnapshot[] = [];
  if (who.invitedBy) {
    const sent = invitations().where('invitedBy.uid', '==', who.invitedBy);
    found.push(...(await tx.get(sent)).docs);
  }
  if (who.email) {
    const received = invitations().where('email', '==', normalise(who.email));
    found.push(...(await tx.get(received)).docs);
  }
  const byId = new Map(found.map((d) => [d.id, d]));
  return [...byId.values()].filter((d) => (d.data() as InvitationDoc).acceptedAt === null);
}

/**
 * Cancels the pending invitation `id` (its document goes, so its link answers "expired or
 * already used"); answers its address. 404 when there is no pending invitation of that id.
 */
export async function cancelInvitation(id: string): Promise<string> {
  currentActor();
  return runTransaction(async (tx) => {
    const ref = invitations().doc(id);
    const doc = (await tx.get(ref)).data() as InvitationDoc | undefined;
    if (!doc || doc.acceptedAt !== null) {
      throw new DomainError('not-found', TEAM_MESSAGES.invitationNotPending);
    }
    tx.delete(ref);
    audit(tx, {
      action: 'coordinator.invitation-cancel',
      subject: { kind: 'coordinator', id, name: doc.email },
      people: [],
      detail: doc.invitedBy.email ? `Invited by ${doc.invitedBy.email}` : null,
    });
    return doc.email;
  });
}

const usable = (doc: InvitationDoc | undefined, now: number): doc is InvitationDoc =>
  doc !== undefined && doc.acceptedAt === null && doc.expiresAt.toMillis() > now;

/** The invitee chose a password: they become a coordinator. Answers the address to sign in with. */
export async function acceptInvitation(
  token: string,
  password: string,
): Promise<{ email: string; enrolmentCode: string }> {
  const found = (
    await invitations().where('tokenHashes', 'array-contains', tokenHash(token)).limit(1).get()
  ).docs[0];
  if (!found) throw invitationRefused();
  const ref = found.ref;
  const first = found.data() as InvitationDoc | undefined;
  if (!usable(first, Date.now())) throw invitationRefused();
  const email = first.email;
  checkPassword(password, email);

  // Auth is not transactional: the user and the claim come first (both idempotent), the
  // invitation is used up in the transaction that makes them a coordinator. Before any of it:
  // an invitation never changes a current coordinator's password (a leftover one is spent
  // instead), and dies with its inviter's membership.
  let user = await userByEmail(email);
  if (user && (await isCoordinator(user.uid))) {
    await runTransaction(async (tx) => {
      const leftovers = await pendingInvitationsOf(tx, { email });
      for (const leftover of leftovers) tx.delete(leftover.ref);
    });
    throw alreadyCoordinatorRefused();
  }
  if (!(await isCoordinator(first.invitedBy.uid))) throw invitationRefused();
  if (user) {
    user = await auth.updateUser(user.uid, { password, emailVerified: true });
  } else {
    user = await auth.createUser({ email, password, emailVerified: true });
  }
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
  const uid = user.uid;

  await actors.run({ uid, email }, () =>
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data() as InvitationDoc | undefined;
      if (!usable(current, Date.now())) throw invitationRefused();
      const [inviter, already] = await tx.getAll(
        coordinators().doc(current.invitedBy.uid),
        coordinators().doc(uid),
      );
      if (!inviter?.exists) throw invitationRefused();
      if (already?.exists) throw alreadyCoordinatorRefused();
      const others = await pendingInvitationsOf(tx, { email });
      const now = Timestamp.now();
      for (const other of others) if (other.id !== ref.id) tx.delete(other.ref);
      tx.update(ref, { acceptedAt: now, acceptedBy: uid });
      writeCoordinator(tx, uid, { email, addedAt: now, addedBy: current.invitedBy });
      audit(tx, {
        action: 'coordinator.join',
        subject: { kind: 'coordinator', id: uid, name: email },
        people: [],
        detail: current.invitedBy.email ? `Invited by ${current.invitedBy.email}` : null,
      });
    }),
  );
  // The invitation's link was the proof: the accept page has them create their passkey next.
  const { code } = await issueEnrolmentCode(db, uid, email);
  return { email, enrolmentCode: code };
}

/** Writes (or keeps) the coordinators document of `uid`: the seed, admin:grant, acceptance. */
function writeCoordinator(tx: Transaction, uid: string, doc: CoordinatorDoc): void {
  tx.set(coordinators().doc(uid), doc satisfies DocOf<'coordinators'>);
}

/**
 * Removes the coordinator `uid`: refused when they are the last one. The document goes first
 * (in a transaction that reads the whole team, so two coordinators removing each other at once
 * cannot leave nobody): from that moment the rules and the API refuse them. Then the claim is
 * taken away and their refresh tokens revoked, so every session ends at once.
 */
export async function removeCoordinator(uid: string): Promise<string> {
  const email = await runTransaction(async (tx) => {
    const team = await tx.get(coordinators());
    const target = team.docs.find((d) => d.id === uid);
    if (!target) throw new DomainError('not-found', TEAM_MESSAGES.notACoordinator);
    if (team.size <= 1) throw new DomainError('failed-precondition', TEAM_MESSAGES.lastCoordinator);
    const data = target.data() as CoordinatorDoc;
    // Their pending invitations, sent and received, die with their membership.
    const pending = await pendingInvitationsOf(tx, { invitedBy: uid, email: data.email });
    tx.delete(target.ref);
    // Their passkeys and session records go with their membership.
    tx.delete(coordinatorSecrets().doc(uid));
    for (const invitation of pending) tx.delete(invitation.ref);
    audit(tx, {
      action: 'coordinator.remove',
      subject: { kind: 'coordinator', id: uid, name: data.email },
      people: [],
      detail: pending.length
        ? `${pending.length} pending invitation${pending.length === 1 ? '' : 's'} cancelled`
        : null,
    });
    return data.email;
  });
  const user = await auth.getUser(uid).catch(() => undefined);
  if (user) {
    const claims = { ...(user.customClaims ?? {}) };
    delete claims.admin;
    await auth.setCustomUserClaims(uid, claims);
  }
  await endSessions(uid);
  // What was queued to them before the removal (an interview's invitation or reminder waiting
  // for the mail server, say) is withdrawn first: nothing of the program reaches them any more.
  const withdrawn = await withdrawMailTo(email, COORDINATOR_LEFT);
  // Their interview slots go to the team: from the removal on, none is bookable and nothing is
  // sent to them (interviews check the host's membership); here the slots ahead are withdrawn,
  // interviews booked on them cancelled with notice to the mentor, past ones forget the address.
  // Cut short, the daily work finishes it, their mail withdrawn again with it.
  const handedOver = await handOverSlotsOf(uid);
  logger.info('Coordinator removed', { uid, handedOver, withdrawn });
  return email;
}

/**
 * A reset link for a coordinator's address, through the outbox; nothing for any other address.
 * Run by the `doorRequest` trigger (abuse/door-requests.ts), never in the request: the request's
 * work and answer are the same for every address.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const address = normalise(email);
  const user = await userByEmail(address);
  if (!user || !(await isCoordinator(user.uid))) return;
  await runTransaction(async (tx) => {
    queueEmail(tx, address, passwordResetEmail({ link: linkPlaceholder(0) }), {
      kind: 'password-reset',
      subjectId: user.uid,
      links: [{ kind: 'password-reset', email: address }],
    });
  });
}

/**
 * The invitation e-mail's link, made at its send (email/links.ts): a fresh token whose SHA-256
 * the invitation keeps, while it is pending; else LinkGone (the e-mail is not sent).
 */
export async function mintInvitationLink(invitationId: string): Promise<string> {
  const token = newToken();
  const ref = invitations().doc(invitationId);
  await runTransaction(async (tx) => {
    const doc = (await tx.get(ref)).data() as InvitationDoc | undefined;
    if (!usable(doc, Date.now())) throw new LinkGone('invitation');
    tx.update(ref, { tokenHashes: FieldValue.arrayUnion(tokenHash(token)) });
  });
  return tokenLink(`${siteUrl()}/admin/accept-invitation`, token);
}

/**
 * The reset e-mail's link, made at its send: the Admin SDK makes the one-time code (Firebase
 * keeps and checks it: one hour, one use) for an address that is still a coordinator's; the link
 * points at the site's own page, which confirms it with the web SDK, so the flow is the same on
 * the emulators and in production.
 */
export async function mintPasswordResetLink(email: string): Promise<string> {
  const user = await userByEmail(email);
  if (!user || !(await isCoordinator(user.uid))) throw new LinkGone('password-reset');
  const firebaseLink = await auth.generatePasswordResetLink(email);
  const oobCode = new URL(firebaseLink).searchParams.get('oobCode');
  if (!oobCode) throw new Error('generatePasswordResetLink gave no oobCode');
  return `${siteUrl()}/admin/reset-password?oobCode=${encodeURIComponent(oobCode)}`;
}

/** How the outbox makes this feature's links (registered at start-up: email/links.ts). */
export const teamLinks: LinkMakers<'invitation' | 'password-reset'> = {
  invitation: (spec) => mintInvitationLink(spec.invitationId),
  'password-reset': (spec) => mintPasswordResetLink(spec.email),
};

/**
 * A coordinator changes their password from a confirmed session that has just answered with its
 * passkey: the policy, then every session of the account ends (this one too: they sign in again
 * with the new password), in the history.
 */
export async function changePassword(uid: string, email: string, password: string): Promise<void> {
  checkPassword(password, email);
  await auth.updateUser(uid, { password });
  await endSessions(uid);
  await runTransaction(async (tx) => {
    audit(tx, {
      action: 'coordinator.password-changed',
      subject: { kind: 'coordinator', id: uid, name: email || uid },
      people: [],
      detail: null,
    });
    queueAccountNotice(tx, { uid, email }, 'password-changed', email || 'you');
  });
}

/**
 * Firebase Auth's REST endpoint that checks and uses a reset code (the web SDK's
 * `verifyPasswordResetCode` and `confirmPasswordReset`): on the Auth emulator when it runs, else
 * Google's, authorised by the function's own service account.
 */
async function resetPasswordCall(body: Record<string, string>): Promise<{ email?: string }> {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const url = emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=local`
    : 'https://identitytoolkit.googleapis.com/v1/accounts:resetPassword';
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!emulator) {
    const { applicationDefault } = await import('firebase-admin/app');
    headers.Authorization = `Bearer ${(await applicationDefault().getAccessToken()).access_token}`;
  }
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await res.json().catch(() => ({}))) as { email?: string };
  if (!res.ok) throw new DomainError('failed-precondition', SESSION_MESSAGES.resetLinkInvalid);
  return answer;
}

/**
 * The new password of a reset link, through the policy: the code is checked (answering the
 * address it is for) before it is used, so a refused password leaves the link working. Every
 * session of the account ends.
 */
export async function confirmPasswordReset(oobCode: string, password: string): Promise<void> {
  const { email } = await resetPasswordCall({ oobCode });
  if (!email) throw new DomainError('failed-precondition', SESSION_MESSAGES.resetLinkInvalid);
  checkPassword(password, email);
  await resetPasswordCall({ oobCode, newPassword: password });
  const user = await userByEmail(email);
  if (!user) return;
  await endSessions(user.uid);
  if (!(await isCoordinator(user.uid))) return;
  // In the history and told at the address, as a change from the account page is; the actor is
  // whoever held the link.
  await actors.run({ uid: user.uid, email }, () =>
    runTransaction(async (tx) => {
      audit(tx, {
        action: 'coordinator.password-changed',
        subject: { kind: 'coordinator', id: user.uid, name: email },
        people: [],
        detail: null,
      });
      queueAccountNotice(tx, { uid: user.uid, email }, 'password-reset', email);
    }),
  );
}
