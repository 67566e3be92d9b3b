/**
 * WebAuthn related origins: `GET /.well-known/webauthn` on every domain of the site (Hosting
 * rewrites it here) lists the origins whose pages may use a passkey made on that domain. A
 * coordinator whose passkeys were made on `<project>.web.app` can then confirm a sign-in on the
 * custom domain the site later moved to (the second step asks for them under their own RP ID,
 * service.ts `passkeysFor`), in browsers that support related origins; docs/operations.md says
 * what the others do. The list is the origins the passkeys are verified against: one source.
 * Outside the API's path table: browsers fetch this fixed address.
 */
import { Router } from 'express';
import { passkeyOrigins } from './service';

export const RELATED_ORIGINS_PATH = '/.well-known/webauthn';

export const relatedOriginsRouter = Router();

relatedOriginsRouter.get(RELATED_ORIGINS_PATH, (_req, res) => {
  // The same for every visitor and changed only by a deploy: an hour in any cache is fine.
  res.set('Cache-Control', 'public, max-age=3600');
  res.json({ origins: passkeyOrigins() });
});
