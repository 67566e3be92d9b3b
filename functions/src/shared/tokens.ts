/**
 * The random tokens of e-mailed links (domain links.ts): made at the send, stored only as their
 * SHA-256 where the link's door looks them up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_BYTES } from '@mentorship/domain';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(LINK_TOKEN_BYTES).toString('base64url');

/**
 * Thrown when a link is asked for something that no longer takes it (an invitation used or
 * withdrawn, a pair ended, an offer answered, an address that is no longer a coordinator's):
 * the message is not sent, and not tried again.
 */
export class LinkGone extends Error {
  constructor(readonly kind: string) {
    super(`Not sent: its ${kind} link no longer has a purpose.`);
  }
}
