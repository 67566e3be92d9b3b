/**
 * A software authenticator for tests in Node: what a phone or a laptop's platform authenticator
 * does for a coordinator's passkey, in a few lines of `node:crypto`. It makes an ES256 (P-256)
 * key pair, answers a registration with `none` attestation (authenticatorData with the
 * credential's COSE key, in a hand-written CBOR attestation object) and an authentication with
 * an ECDSA signature over authenticatorData and the SHA-256 of clientDataJSON: the JSON shapes
 * @simplewebauthn/browser hands the server.
 *
 * `signInCoordinator` is a coordinator's whole sign-in through the Auth emulator's REST API and
 * the function: password, the passkey's challenge and answer, then the sign-in with the
 * one-time token the answer gives, whose ID tokens carry the confirmed session's id.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { customTokenSignIn } from '../../scripts/lib/admin';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A CBOR byte string's header (lengths below 65 536). */
const cborBytes = (bytes: Buffer) => {
  const n = bytes.length;
  const head =
    n < 24
      ? Buffer.from([0x40 + n])
      : n < 256
        ? Buffer.from([0x58, n])
        : Buffer.from([0x59, n >> 8, n & 0xff]);
  return Buffer.concat([head, bytes]);
};
const cborText = (text: string) =>
  Buffer.concat([Buffer.from([0x60 + text.length]), Buffer.from(text)]);

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** What a test saves to sign in again with the same passkey (another process, another file). */
export interface SavedAuthenticator {
  credentialId: string;
  privateKey: string;
  counter: number;
  origin: string;
}

export class SoftwareAuthenticator {
  private counter: number;
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;

  /** `origin`: the page's origin the browser would write into clientDataJSON. */
  constructor(
    readonly origin: string,
    saved?: SavedAuthenticator,
  ) {
    this.credentialId = saved ? Buffer.from(saved.credentialId, 'base64url') : randomBytes(16);
    this.privateKey = saved
      ? createPrivateKey(saved.privateKey)
      : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    this.counter = saved?.counter ?? 0;
  }

  save(): SavedAuthenticator {
    return {
      credentialId: b64url(this.credentialId),
      privateKey: this.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      counter: this.counter,
      origin: this.origin,
    };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.privateKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
    return Buffer.concat([
      Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
      cborBytes(x),
      Buffer.from([0x22]),
      cborBytes(y),
    ]);
  }

  private authenticatorData(rpId: string, attested: boolean): Buffer {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    // UP (user present) and UV (user verified); AT when the credential's data follows.
    const flags = Buffer.from([0x05 | (attested ? 0x40 : 0)]);
    const parts: Buffer[] = [sha256(rpId), flags, count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  private rpIdOf(given: string | undefined): string {
    return given ?? new URL(this.origin).hostname;
  }

  /** The answer to a registration (RegistrationResponseJSON). */
  register(options: CreationOptions) {
    const authData = this.authenticatorData(this.rpIdOf(options.rp.id), true);
    const attestationObject = Buffer.concat([
      Buffer.from([0xa3]),
      cborText('fmt'),
      cborText('none'),
      cborText('attStmt'),
      Buffer.from([0xa0]),
      cborText('authData'),
      cborBytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to an authentication (AuthenticationResponseJSON). */
  authenticate(options: RequestOptions) {
    const authData = this.authenticatorData(this.rpIdOf(options.rpId), false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** A password sign-in through the Auth emulator: the ID token and the refresh token. */
export async function passwordSession(
  authHost: string,
  email: string,
  password: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as {
    idToken?: string;
    refreshToken?: string;
    error?: { message?: string };
  };
  if (!res.ok || !body.idToken || !body.refreshToken)
    throw new Error(`Sign-in failed for ${email}: ${body.error?.message ?? res.status}`);
  return { idToken: body.idToken, refreshToken: body.refreshToken };
}

/** A fresh ID token for the session (it carries the claims as they are now). */
export async function refreshedIdToken(authHost: string, refreshToken: string): Promise<string> {
  const res = await fetch(`http://${authHost}/securetoken.googleapis.com/v1/token?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const body = (await res.json()) as { id_token?: string; error?: { message?: string } };
  if (!res.ok || !body.id_token)
    throw new Error(`Refresh failed: ${body.error?.message ?? res.status}`);
  return body.id_token;
}

async function post<T>(siteUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${siteUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The second step of a sign-in whose password session is `session`: the passkey's challenge
 * (registering `authenticator` when the account has none, with its `enrolmentCode`), its answer, then the confirmed
 * session's ID token (a sign-in with the one-time token the answer gave).
 */
export async function confirmWithPasskey(
  where: { siteUrl: string; authHost: string },
  session: { idToken: string; refreshToken: string },
  authenticator: SoftwareAuthenticator,
  enrolmentCode?: string,
): Promise<string> {
  const { mode, options } = await post<{ mode: string; options: unknown }>(
    where.siteUrl,
    '/api/session/passkey/options',
    session.idToken,
    {},
  );
  const response =
    mode === 'register'
      ? authenticator.register(options as CreationOptions)
      : authenticator.authenticate(options as RequestOptions);
  const { signInToken } = await post<{ signInToken: string }>(
    where.siteUrl,
    '/api/session/passkey/verify',
    session.idToken,
    { response, ...(mode === 'register' && enrolmentCode ? { enrolmentCode } : {}) },
  );
  return (await customTokenSignIn(where.authHost, signInToken)).idToken;
}

/** A coordinator's whole sign-in: password, then passkey. Answers the confirmed ID token. */
export async function signInCoordinator(
  where: { siteUrl: string; authHost: string },
  email: string,
  password: string,
  authenticator: SoftwareAuthenticator,
  enrolmentCode?: string,
): Promise<string> {
  const session = await passwordSession(where.authHost, email, password);
  return confirmWithPasskey(where, session, authenticator, enrolmentCode);
}
