/**
 * The pure part of the rate limit (see rate-limit.ts): configuration, the window decision, the
 * client key and the counter's document id. No Firestore here, so it is unit-tested directly.
 */
import { createHash } from 'node:crypto';
import type { BlockList } from 'node:net';
import type { Request } from 'express';
import type { CollectionName } from '@mentorship/domain';
import { clientAddress } from './client-key';

export const RATE_LIMITED_MESSAGE =
  'Too many applications from this network. Please try again in a few minutes.';

/** What each rate-limited public door says to a client over its limit. */
export const RATE_LIMITED_MESSAGES = {
  applications: RATE_LIMITED_MESSAGE,
  'opening-alerts': 'Too many requests from this network. Please try again in a few minutes.',
  'carry-forward': 'Too many answers through this link. Please try again in a few minutes.',
  'opening-alert-confirm': 'Too many answers through this link. Please try again in a few minutes.',
  'invitation-accept':
    'Too many attempts with this invitation link. Please try again in a few minutes.',
  'password-reset':
    'Too many password reset requests from this network. Please try again in a few minutes.',
  'sign-in-links':
    'Too many sign-in links asked for from this network. Please try again in a few minutes.',
  'check-ins': 'Too many answers through this check-in link. Please try again in a few minutes.',
  nominations: 'Too many answers through this link. Please try again in a few minutes.',
  'closing-event': 'Too many answers through this link. Please try again in a few minutes.',
  recommendations: 'Too many invitations from this network. Please try again in a few minutes.',
  certificates:
    'Too many certificate look-ups from this network. Please try again in a few minutes.',
} as const;
export type RateLimitScope = keyof typeof RATE_LIMITED_MESSAGES;

export interface RateLimitConfig {
  /** Requests allowed per window and client key. */
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { max: 20, windowMs: 10 * 60 * 1000 };

const positiveInt = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_SECONDS (positive integers) override the defaults. */
export function readRateLimitConfig(env: NodeJS.ProcessEnv): RateLimitConfig {
  const seconds = positiveInt(env.RATE_LIMIT_WINDOW_SECONDS);
  return {
    max: positiveInt(env.RATE_LIMIT_MAX) ?? DEFAULT_RATE_LIMIT.max,
    windowMs: seconds ? seconds * 1000 : DEFAULT_RATE_LIMIT.windowMs,
  };
}

/** What the counter document holds. */
export interface WindowState {
  count: number;
  windowStartMs: number;
}

export interface Decision {
  allowed: boolean;
  /** The state to store when allowed (nothing is written when refused). */
  next: WindowState;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
}

/** Pure: counts one more request against the stored window, or refuses it. */
export function decide(
  stored: WindowState | undefined,
  nowMs: number,
  config: RateLimitConfig,
): Decision {
  const current =
    stored && nowMs >= stored.windowStartMs && nowMs < stored.windowStartMs + config.windowMs
      ? stored
      : { count: 0, windowStartMs: nowMs };
  const resetSeconds = Math.max(
    1,
    Math.ceil((current.windowStartMs + config.windowMs - nowMs) / 1000),
  );
  if (current.count >= config.max) {
    return { allowed: false, next: current, remaining: 0, resetSeconds };
  }
  const next = { count: current.count + 1, windowStartMs: current.windowStartMs };
  return { allowed: true, next, remaining: config.max - next.count, resetSeconds };
}

/**
 * The key of an e-mailed link's doors (check-ins, carry-forward, invitations): the SHA-256 of the
 * token in the request's body, so each link has its own allowance and a whole campus behind one
 * address is never refused for its neighbours' clicks. Guessing tokens gains nothing (32 random
 * bytes), and a guess writes nothing: the limiter looks the link up first (`LINK_HOMES`,
 * rate-limit.ts `linkIsKnown`) and counts only a link that was sent.
 */
export function linkKey(req: Pick<Request, 'body'>): string {
  return `link:${linkTokenHash(req)}`;
}

/**
 * The token in the request's body, or '' when there is none. The limiter runs before the route
 * parses the body, so it takes nothing on trust: it narrows the raw body to a `token` string.
 */
export function bodyToken(req: Pick<Request, 'body'>): string {
  const body: unknown = req.body;
  const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : null;
  return typeof token === 'string' ? token : '';
}

/** The SHA-256 (hex) of the token in the request's body, as every link's home stores it. */
export function linkTokenHash(req: Pick<Request, 'body'>): string {
  return createHash('sha256').update(bodyToken(req)).digest('hex');
}

/**
 * Where each link-limited door keeps its links' token hashes: the document id, or a
 * `tokenHashes` array (every link e-mailed for the document). The limiter checks there first.
 */
export const LINK_HOMES = {
  'check-ins': { collection: 'checkInTokens', by: 'id' },
  'carry-forward': { collection: 'carryOffers', by: 'tokenHashes' },
  'opening-alert-confirm': { collection: 'openingAlerts', by: 'tokenHashes' },
  'closing-event': { collection: 'eventInvitations', by: 'tokenHashes' },
  nominations: { collection: 'nominations', by: 'tokenHashes' },
  'invitation-accept': { collection: 'invitations', by: 'tokenHashes' },
} as const satisfies Partial<
  Record<RateLimitScope, { collection: CollectionName; by: 'id' | 'tokenHashes' }>
>;
export type LinkScope = keyof typeof LINK_HOMES;

/** The client key a request is counted under: see client-key.ts (never a value the client chose). */
export function clientKey(req: Pick<Request, 'header'>, hostingHops: BlockList): string {
  return clientAddress(req.header('x-forwarded-for'), hostingHops).key;
}

/** Document id: no address in the database, only a hash of scope and key. */
export const counterId = (scope: string, key: string): string =>
  createHash('sha256').update(`${scope}\n${key}`).digest('hex');
