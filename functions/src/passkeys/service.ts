/**
 * Passkeys (WebAuthn), verified by the function itself with @simplewebauthn/server: the second
 * factor of every coordinator. Why not Firebase's own second factor: its TOTP and SMS factors
 * (Identity Platform) cannot be exercised on the Auth emulator, so neither the local site nor
 * the tests could sign in the way production does; a passkey verified here runs the same code on
 * the emulators and in production, and the browser tests drive Chromium's virtual authenticator.
 *
 * - `sessionOptions`: after the password, the challenge for this sign-in: to register the first
 *   passkey (an account without one: right after the invitation, or after a reset by another
 *   coordinator) or to answer with one. The first passkey needs the account's enrolment code
 *   (enrolment.ts): the password or the mailbox alone never enrols one;
 * - `verifySession`: the answer; verified, a session opens (shared/coordinator-sessions.ts
 *   `openSession`) and the browser signs in with the one-time token that carries its id;
 * - `stepUpOptions` / `stepUp`: a fresh answer from one's passkey, which adding a passkey and
 *   changing the password need within the last few minutes (`requireFreshAnswer`);
 * - `addPasskeyOptions` / `addPasskey`: another device's passkey, from a confirmed session that
 *   has just stepped up, in the history;
 * - `ownPasskeys` / `removeOwnPasskey`: the account page's list of one's passkeys, and the removal
 *   of one (never the last), from a session that has just stepped up, in the history;
 * - `resetPasskeys`: another coordinator removes a coordinator's passkeys (they lost their
 *   device) and ends their sessions, with a history entry; never possible by e-mail alone.
 *   `resetPasskeysFromCommandLine` is the same reset for the only coordinator, run by someone
 *   with access to the Firebase project (`npm run admin:reset-passkeys`).
 *
 * Each request for options has a challenge of its own, kept server-side under its value for 5
 * minutes and deleted by the transaction that checks the answer naming it, so an answer counts
 * once and only for the sign-in (`auth_time`) that asked for it, and asking for another challenge
 * (another tab, or someone holding only the password) never spends the one a person is
 * answering. At most MAX_PENDING_CHALLENGES wait at once per account: the second step's limit.
 * A credential id is stored once across every account: a new passkey whose id is already stored
 * anywhere is refused (409), nothing replaced.
 */
import { FieldPath, FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  MAX_PENDING_CHALLENGES,
  PASSKEY_CHALLENGE_TTL_MS,
  PROGRAM,
  SESSION_MESSAGES,
  STEP_UP_TTL_MS,
  TEAM_MESSAGES,
  type OwnPasskey,
  type PasskeyOptionsResponse,
} from '@mentorship/domain';
import { actors, audit, type Actor } from '../audit/audit';
import { siteUrl } from '../email/config';
import { auth, runTransaction } from '../firebase';
import { coordinators, type CoordinatorDoc } from '../shared/coordinators';
import {
  coordinatorSecrets,
  endSessions,
  endSessionsOfPasskey,
  markSteppedUp,
  openSession,
  type CoordinatorSecretsDoc,
  type PendingChallenge,
  type SessionRecord,
  type StoredPasskey,
} from '../shared/coordinator-sessions';
import { DomainError } from '../shared/errors';
import { queueAccountNotice } from '../shared/account-notice';
import { checkEnrolmentCode, newEnrolment } from './enrolment';
import { allowedOrigins } from '../http/origin-guard';

/**
 * The origins a passkey may be used from: the site's (SITE_URL) and the API's allowed origins
 * (custom domains; on the Functions emulator only, the local stack's 127.0.0.1 and localhost
 * twins: browsers refuse WebAuthn on an IP address, so the browser tests use localhost).
 */
export function passkeyOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...new Set([new URL(siteUrl()).origin, ...allowedOrigins(env)])];
}

/** The RP ID for a request: the host of its page's origin when that is ours, else the site's. */
export function rpIdFor(origin: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const ours = passkeyOrigins(env);
  if (origin && ours.includes(origin.replace(/\/+$/, '').toLowerCase())) {
    return new URL(origin).hostname;
  }
  return new URL(siteUrl()).hostname;
}

const secretsOf = async (uid: string): Promise<CoordinatorSecretsDoc | undefined> =>
  (await coordinatorSecrets().doc(uid).get()).data() as CoordinatorSecretsDoc | undefined;

/** The unexpired challenges of `challenges`. */
const unexpired = (
  challenges: Record<string, PendingChallenge> | undefined,
  now: number,
): Record<string, PendingChallenge> =>
  Object.fromEntries(
    Object.entries(challenges ?? {}).filter(([, c]) => c.expiresAt.toMillis() >= now),
  );

/** Keeps `challenge` for an answer, beside the account's other pending ones (expired ones go). */
async function issueChallenge(
  token: DecodedIdToken,
  purpose: PendingChallenge['purpose'],
  rpId: string,
  challenge: string,
): Promise<void> {
  const ref = coordinatorSecrets().doc(token.uid);
  await runTransaction(async (tx) => {
    const now = Date.now();
    const secrets = (await tx.get(ref)).data() as CoordinatorSecretsDoc | undefined;
    const challenges = unexpired(secrets?.challenges, now);
    if (Object.keys(challenges).length >= MAX_PENDING_CHALLENGES) {
      throw new DomainError('rate-limited', SESSION_MESSAGES.tooManyChallenges);
    }
    challenges[challenge] = {
      purpose,
      authTime: token.auth_time,
      rpId,
      expiresAt: Timestamp.fromMillis(now + PASSKEY_CHALLENGE_TTL_MS),
    };
    tx.set(ref, { email: token.email ?? '', challenges }, { mergeFields: ['email', 'challenges'] });
  });
}

async function registrationOptions(token: DecodedIdToken, rpId: string, passkeys: StoredPasskey[]) {
  return generateRegistrationOptions({
    rpName: PROGRAM.name,
    rpID: rpId,
    userName: token.email ?? token.uid,
    userID: new TextEncoder().encode(token.uid),
    attestationType: 'none',
    excludeCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Which of `passkeys` a page on `pageRpId` asks for, and under which RP ID. A passkey belongs to
 * the domain it was made on: the page's own domain when one was made there (or before passkeys
 * kept their domain); otherwise the domain of the newest one, which the browser accepts from this
 * page only if that domain lists this page's origin in its `/.well-known/webauthn` (WebAuthn
 * related origins, served by the function from the same allowed origins: related-origins.ts).
 */
export function passkeysFor(
  pageRpId: string,
  passkeys: StoredPasskey[],
): { rpId: string; passkeys: StoredPasskey[] } {
  const here = passkeys.filter((p) => (p.rpId ?? pageRpId) === pageRpId);
  if (here.length > 0 || passkeys.length === 0) return { rpId: pageRpId, passkeys: here };
  const rpId = passkeys.at(-1)?.rpId ?? pageRpId;
  return { rpId, passkeys: passkeys.filter((p) => p.rpId === rpId) };
}

/** A challenge to answer with one of `passkeys` (the second step, a step-up), from `pageRpId`. */
const authenticationOptions = (pageRpId: string, passkeys: StoredPasskey[]) => {
  const asked = passkeysFor(pageRpId, passkeys);
  return generateAuthenticationOptions({
    rpID: asked.rpId,
    allowCredentials: asked.passkeys.map((p) => ({ id: p.id, transports: p.transports as never })),
    userVerification: 'preferred',
  });
};

/** The second step's challenge: register the first passkey, or answer with one. */
export async function sessionOptions(
  token: DecodedIdToken,
  origin: string | undefined,
): Promise<PasskeyOptionsResponse> {
  const rpId = rpIdFor(origin);
  const passkeys = (await secretsOf(token.uid))?.passkeys ?? [];
  if (passkeys.length === 0) {
    const options = await registrationOptions(token, rpId, []);
    await issueChallenge(token, 'register', rpId, options.challenge);
    return { mode: 'register', options };
  }
  const options = await authenticationOptions(rpId, passkeys);
  await issueChallenge(token, 'authenticate', options.rpId ?? rpId, options.challenge);
  return { mode: 'authenticate', options };
}

/**
 * A challenge taken for its answer: its value, what it was issued for, and the account's other
 * unexpired challenges (`rest`), which the transaction writes back in place of them all.
 */
type TakenChallenge = PendingChallenge & { value: string; rest: Record<string, PendingChallenge> };

/** The challenge a WebAuthn answer signed (its client data's `challenge`), if it names one. */
function challengeOf(response: unknown): string | undefined {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response
    ?.clientDataJSON;
  if (typeof clientData !== 'string') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pending challenge `response` answers, if it is this sign-in's and for one of `purposes`.
 * Whatever the answer turns out to be, it is spent: the caller's transaction writes `rest`, or,
 * when the transaction fails, `spendChallenge` deletes it.
 */
function takeChallenge(
  secrets: CoordinatorSecretsDoc | undefined,
  token: DecodedIdToken,
  response: unknown,
  purposes: PendingChallenge['purpose'][],
): TakenChallenge {
  const value = challengeOf(response);
  const rest = unexpired(secrets?.challenges, Date.now());
  const challenge = value === undefined ? undefined : rest[value];
  if (
    value === undefined ||
    !challenge ||
    !purposes.includes(challenge.purpose) ||
    challenge.authTime !== token.auth_time
  ) {
    throw new DomainError('failed-precondition', SESSION_MESSAGES.noChallenge);
  }
  delete rest[value];
  return { ...challenge, value, rest };
}

/**
 * Spends the challenge `response` names when its transaction failed (a refused answer counts
 * too): outside that transaction, whose writes were not kept.
 */
async function spendChallenge(uid: string, response: unknown): Promise<void> {
  const value = challengeOf(response);
  if (value === undefined) return;
  await coordinatorSecrets()
    .doc(uid)
    .update(new FieldPath('challenges', value), FieldValue.delete())
    .catch(() => undefined);
}

const refused = () => new DomainError('permission-denied', SESSION_MESSAGES.passkeyRefused);

/**
 * Refuses a new passkey whose credential id is already stored, on this account or any other
 * coordinator's (WebAuthn's registration ceremony says to fail then): storing it would replace
 * the stored public key under an id the owner's device still answers with, or tie one
 * authenticator to two accounts. Read in the transaction that stores the passkey, so two
 * registrations of one id cannot both pass. The team is a handful of documents.
 */
async function refuseStoredCredential(tx: Transaction, id: string): Promise<void> {
  const all = await tx.get(coordinatorSecrets().select('passkeys'));
  const stored = all.docs.some((d) =>
    ((d.get('passkeys') as StoredPasskey[] | undefined) ?? []).some((p) => p.id === id),
  );
  if (stored) throw new DomainError('already-exists', SESSION_MESSAGES.passkeyInUse);
}

async function verifiedRegistration(
  response: unknown,
  challenge: TakenChallenge,
): Promise<StoredPasskey> {
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge.value,
    expectedOrigin: passkeyOrigins(),
    expectedRPID: challenge.rpId,
    requireUserVerification: false,
  }).catch(() => {
    throw refused();
  });
  if (!result.verified) throw refused();
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    addedAt: Timestamp.now(),
    rpId: challenge.rpId,
  };
}

/**
 * An assertion with one of `passkeys` to `challenge`, verified: the passkeys with its counter
 * moved on. Refused (403) for anything else.
 */
async function verifiedAssertion(
  passkeys: StoredPasskey[],
  response: unknown,
  challenge: TakenChallenge,
): Promise<StoredPasskey[]> {
  const answer = response as AuthenticationResponseJSON;
  const passkey = passkeys.find((p) => p.id === answer?.id);
  if (!passkey) throw refused();
  const result = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge.value,
    expectedOrigin: passkeyOrigins(),
    expectedRPID: challenge.rpId,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as never,
    },
    requireUserVerification: false,
  }).catch(() => {
    throw refused();
  });
  if (!result.verified) throw refused();
  const lastUsedAt = Timestamp.now();
  return passkeys.map((p) =>
    p.id === passkey.id ? { ...p, counter: result.authenticationInfo.newCounter, lastUsedAt } : p,
  );
}

/** The credential id an answer names. */
const answeredWith = (response: unknown): string | undefined => {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The second step's answer: a new passkey (an account without one) or an assertion with one of
 * them. Verified, a session opens: answers the one-time sign-in token that carries its id.
 */
export async function verifySession(
  token: DecodedIdToken,
  response: unknown,
  enrolmentCode?: unknown,
): Promise<string> {
  const ref = coordinatorSecrets().doc(token.uid);
  const passkeyId = await runTransaction(async (tx) => {
    const secrets = (await tx.get(ref)).data() as CoordinatorSecretsDoc | undefined;
    const challenge = takeChallenge(secrets, token, response, ['register', 'authenticate']);
    const passkeys = secrets?.passkeys ?? [];
    if (challenge.purpose === 'register') {
      // A passkey is registered at sign-in only while the account has none: otherwise an
      // attacker holding the password alone could add their own.
      if (passkeys.length > 0)
        throw new DomainError('failed-precondition', SESSION_MESSAGES.alreadyEnrolled);
      // Nor with the password or the mailbox alone while it has none: the enrolment code says
      // the owner was given it.
      await checkEnrolmentCode(secrets?.enrolment, enrolmentCode);
      // Made at a sign-in, it confirms that sign-in: used now.
      const added = {
        ...(await verifiedRegistration(response, challenge)),
        lastUsedAt: Timestamp.now(),
      };
      await refuseStoredCredential(tx, added.id);
      tx.update(ref, { challenges: challenge.rest, passkeys: [added], enrolment: null });
      return added.id;
    }
    const updated = await verifiedAssertion(passkeys, response, challenge);
    tx.update(ref, { challenges: challenge.rest, passkeys: updated });
    return answeredWith(response);
  }).catch(async (error: unknown) => {
    await spendChallenge(token.uid, response);
    throw error;
  });
  return openSession(token.uid, passkeyId);
}

/** A fresh answer from one's passkey (a step-up): its challenge, from a confirmed session. */
export async function stepUpOptions(
  token: DecodedIdToken,
  origin: string | undefined,
): Promise<unknown> {
  const rpId = rpIdFor(origin);
  const passkeys = (await secretsOf(token.uid))?.passkeys ?? [];
  const options = await authenticationOptions(rpId, passkeys);
  await issueChallenge(token, 'step-up', options.rpId ?? rpId, options.challenge);
  return options;
}

/**
 * The step-up's answer: verified, the session (`sessionId`) may add a passkey or change the
 * password for the next STEP_UP_TTL_MS.
 */
export async function stepUp(
  token: DecodedIdToken,
  sessionId: string,
  response: unknown,
): Promise<Date> {
  const ref = coordinatorSecrets().doc(token.uid);
  await runTransaction(async (tx) => {
    const secrets = (await tx.get(ref)).data() as CoordinatorSecretsDoc | undefined;
    const challenge = takeChallenge(secrets, token, response, ['step-up']);
    const updated = await verifiedAssertion(secrets?.passkeys ?? [], response, challenge);
    tx.update(ref, { challenges: challenge.rest, passkeys: updated });
  }).catch(async (error: unknown) => {
    await spendChallenge(token.uid, response);
    throw error;
  });
  const now = Date.now();
  await markSteppedUp(sessionId, now);
  return new Date(now + STEP_UP_TTL_MS);
}

/** A second device's passkey: its challenge, from a confirmed session. */
export async function addPasskeyOptions(
  token: DecodedIdToken,
  origin: string | undefined,
): Promise<unknown> {
  const rpId = rpIdFor(origin);
  const passkeys = (await secretsOf(token.uid))?.passkeys ?? [];
  const options = await registrationOptions(token, rpId, passkeys);
  await issueChallenge(token, 'add', rpId, options.challenge);
  return options;
}

export async function addPasskey(token: DecodedIdToken, response: unknown): Promise<number> {
  const ref = coordinatorSecrets().doc(token.uid);
  return runTransaction(async (tx) => {
    const secrets = (await tx.get(ref)).data() as CoordinatorSecretsDoc | undefined;
    const challenge = takeChallenge(secrets, token, response, ['add']);
    const added = await verifiedRegistration(response, challenge);
    await refuseStoredCredential(tx, added.id);
    const passkeys = [...(secrets?.passkeys ?? []), added];
    tx.update(ref, { challenges: challenge.rest, passkeys });
    recordOwnChange(tx, token, 'passkey-added');
    return passkeys.length;
  }).catch(async (error: unknown) => {
    await spendChallenge(token.uid, response);
    throw error;
  });
}

/** A change to one's own passkeys, in its transaction: the history entry and the e-mail. */
function recordOwnChange(
  tx: Transaction,
  token: DecodedIdToken,
  change: 'passkey-added' | 'passkey-removed',
): void {
  audit(tx, {
    action: `coordinator.${change}`,
    subject: { kind: 'coordinator', id: token.uid, name: token.email ?? token.uid },
    people: [],
    detail: null,
  });
  queueAccountNotice(
    tx,
    { uid: token.uid, email: token.email ?? '' },
    change,
    token.email ?? 'you',
  );
}

/** The coordinator's own passkeys, for the account page: when added and last used, no keys. */
export async function ownPasskeys(uid: string, session: SessionRecord): Promise<OwnPasskey[]> {
  const passkeys = (await secretsOf(uid))?.passkeys ?? [];
  return passkeys.map((p) => ({
    id: p.id,
    addedAt: p.addedAt.toDate().toISOString(),
    lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toDate().toISOString() : null,
    transports: p.transports,
    current: session.passkeyId === p.id,
  }));
}

/**
 * Removes one of the coordinator's own passkeys (a device lost, sold or replaced), never the
 * last: without one they could not sign in. In the history and e-mailed, in one transaction; the
 * sessions that passkey confirmed end, the one removing it excepted.
 */
export async function removeOwnPasskey(
  token: DecodedIdToken,
  sessionId: string,
  credentialId: string,
): Promise<void> {
  const ref = coordinatorSecrets().doc(token.uid);
  await runTransaction(async (tx) => {
    const secrets = (await tx.get(ref)).data() as CoordinatorSecretsDoc | undefined;
    const passkeys = secrets?.passkeys ?? [];
    if (!passkeys.some((p) => p.id === credentialId)) {
      throw new DomainError('not-found', SESSION_MESSAGES.passkeyGone);
    }
    if (passkeys.length === 1) {
      throw new DomainError('failed-precondition', SESSION_MESSAGES.lastPasskey);
    }
    tx.update(ref, { passkeys: passkeys.filter((p) => p.id !== credentialId) });
    recordOwnChange(tx, token, 'passkey-removed');
  });
  await endSessionsOfPasskey(token.uid, credentialId, sessionId);
}

/** A reset's outcome: whose passkeys went, and the enrolment code for their new one. */
export interface PasskeysReset {
  email: string;
  enrolmentCode: string;
  expiresAt: Date;
}

/**
 * Another coordinator resets `uid`'s passkeys: they are removed, every session ends, and the
 * next sign-in registers a new one with the enrolment code this answers (for the resetting
 * coordinator to hand over in person or by phone). Not one's own (that would let a stolen
 * session rebind the account).
 */
export async function resetPasskeys(actorUid: string, uid: string): Promise<PasskeysReset> {
  if (actorUid === uid) {
    throw new DomainError(
      'failed-precondition',
      'Ask another coordinator to reset your passkeys: nobody resets their own.',
    );
  }
  const enrolment = await newEnrolment();
  const email = await runTransaction(async (tx) => {
    const member = (await tx.get(coordinators().doc(uid))).data() as CoordinatorDoc | undefined;
    if (!member) throw new DomainError('not-found', TEAM_MESSAGES.notACoordinator);
    const emptied: CoordinatorSecretsDoc = {
      email: member.email,
      passkeys: [],
      challenges: {},
      enrolment: enrolment.record,
    };
    tx.set(coordinatorSecrets().doc(uid), emptied);
    audit(tx, {
      action: 'coordinator.passkeys-reset',
      subject: { kind: 'coordinator', id: uid, name: member.email },
      people: [],
      detail: null,
    });
    queueAccountNotice(tx, { uid, email: member.email }, 'passkeys-reset', resetBy());
    return member.email;
  });
  await endSessions(uid);
  return { email, enrolmentCode: enrolment.code, expiresAt: enrolment.record.expiresAt.toDate() };
}

/** Who made a reset, in the notice to the coordinator whose passkeys it removed. */
const resetBy = (): string => {
  const actor = actors.getStore();
  if (!actor || actor.uid === COMMAND_LINE_ACTOR.uid)
    return 'the command line (admin:reset-passkeys)';
  return actor.email ?? 'another coordinator';
};

/** Who the history names for a reset run from the command line. */
export const COMMAND_LINE_ACTOR: Actor = { uid: 'command-line', email: null };

/**
 * The reset for the one case the Team page cannot serve: the only coordinator lost the device
 * holding their passkey, so nobody signed in can reset them. Run by someone with access to the
 * Firebase project (scripts/admin-reset-passkeys.ts), it is `resetPasskeys` itself, with the
 * command line as the history entry's actor. Answers the address and the enrolment code.
 */
export async function resetPasskeysFromCommandLine(email: string): Promise<PasskeysReset> {
  const user = await auth.getUserByEmail(email.trim().toLowerCase()).catch(() => undefined);
  if (!user) throw new DomainError('not-found', TEAM_MESSAGES.notACoordinator);
  return actors.run(COMMAND_LINE_ACTOR, () => resetPasskeys(COMMAND_LINE_ACTOR.uid, user.uid));
}
