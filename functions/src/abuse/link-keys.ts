/**
 * Link keys: what lets a known applicant's "Check my application" past the program-wide hourly
 * cap of the sign-in-link door, which anyone's requests fill (one actor holding many client
 * keys can fill it for an hour). An applicant gets their address's key once they have signed in
 * (GET /api/me, POST /api/me/confirm), and their browser sends it with later requests; such a
 * request is counted against that address's own daily allowance only (abuse/door-caps.ts).
 *
 * The key is an HMAC of the address (as abuse/recipient.ts normalises it) under a random key the
 * function makes once and keeps in `programSecrets/link-keys` (never shown to anyone): nobody
 * can make one for an address whose sign-in they did not open, and checking one costs no read
 * per request (the key is read once per instance). It opens nothing else: the link still goes
 * only to the address, at most its daily allowance.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { db, runTransaction } from '../firebase';
import { COLLECTIONS } from '../shared/records';
import { recipientKey } from './recipient';

interface ProgramSecretDoc {
  key: string;
  createdAt: Timestamp;
}

declare module '@mentorship/domain' {
  interface CollectionDocs {
    programSecrets: ProgramSecretDoc;
  }
}

let secret: Promise<Buffer> | null = null;

/** The HMAC key: made by the first instance that needs it, read once by each. */
function hmacKey(): Promise<Buffer> {
  secret ??= runTransaction(async (tx) => {
    const ref = db.collection(COLLECTIONS.programSecrets).doc('link-keys');
    const stored = (await tx.get(ref)).data() as ProgramSecretDoc | undefined;
    if (stored) return Buffer.from(stored.key, 'base64url');
    const key = randomBytes(32);
    tx.create(ref, { key: key.toString('base64url'), createdAt: Timestamp.now() });
    return key;
  }).catch((error: unknown) => {
    secret = null;
    throw error;
  });
  return secret;
}

/** The link key of `email`. */
export async function linkKeyOf(email: string): Promise<string> {
  return createHmac('sha256', await hmacKey())
    .update(`sign-in-link:${recipientKey(email)}`)
    .digest('base64url');
}

/** Whether `key` is `email`'s link key. */
export async function isLinkKeyOf(email: string, key: unknown): Promise<boolean> {
  if (typeof key !== 'string' || key.length === 0) return false;
  const expected = Buffer.from(await linkKeyOf(email));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
