/**
 * Passkeys and the site's domains: the RP ID a page asks under follows the page's own domain when
 * it is one of the site's, and a passkey made on another of the site's domains is asked for under
 * that domain (WebAuthn related origins), never mixed with the page's own.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { StoredPasskey } from '../shared/coordinator-sessions';
import { passkeyOrigins, passkeysFor, rpIdFor } from './service';

const env = {
  GCLOUD_PROJECT: 'mentorship-prod',
  SITE_URL: 'https://bridgementorship.org',
  API_ALLOWED_ORIGINS: 'https://bridgementorship.org,https://www.bridgementorship.org',
};

const passkey = (id: string, rpId?: string): StoredPasskey => ({
  id,
  publicKey: 'key',
  counter: 0,
  transports: ['internal'],
  addedAt: Timestamp.fromMillis(0),
  ...(rpId ? { rpId } : {}),
});

let saved: NodeJS.ProcessEnv;
beforeAll(() => {
  saved = { ...process.env };
  Object.assign(process.env, env);
});
afterAll(() => {
  process.env = saved;
});

describe('rpIdFor', () => {
  it("is the page's own host when the page is one of the site's origins", () => {
    expect(rpIdFor('https://www.bridgementorship.org', env)).toBe('www.bridgementorship.org');
    expect(rpIdFor('https://mentorship-prod.web.app', env)).toBe('mentorship-prod.web.app');
  });

  it("is the site's host for any other page, or none", () => {
    expect(rpIdFor('https://evil.example.com', env)).toBe('bridgementorship.org');
    expect(rpIdFor(undefined, env)).toBe('bridgementorship.org');
  });
});

describe('passkeysFor', () => {
  it("asks for the passkeys made on the page's domain (and those made before domains were kept)", () => {
    const asked = passkeysFor('bridgementorship.org', [
      passkey('old'),
      passkey('web-app', 'mentorship-prod.web.app'),
      passkey('here', 'bridgementorship.org'),
    ]);
    expect(asked.rpId).toBe('bridgementorship.org');
    expect(asked.passkeys.map((p) => p.id)).toEqual(['old', 'here']);
  });

  it("asks under the newest passkey's domain when none was made on the page's", () => {
    const asked = passkeysFor('bridgementorship.org', [
      passkey('first', 'mentorship-prod.web.app'),
      passkey('phone', 'mentorship-prod.firebaseapp.com'),
    ]);
    expect(asked).toEqual({
      rpId: 'mentorship-prod.firebaseapp.com',
      passkeys: [expect.objectContaining({ id: 'phone' })],
    });
  });
});

it('lists the site, its Firebase domains and the custom domains as related origins', () => {
  expect(passkeyOrigins(env).sort()).toEqual([
    'https://bridgementorship.org',
    'https://mentorship-prod.firebaseapp.com',
    'https://mentorship-prod.web.app',
    'https://www.bridgementorship.org',
  ]);
});
