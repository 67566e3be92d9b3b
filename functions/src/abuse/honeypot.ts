/**
 * Honeypot: the application forms carry a field people never see (`website`). A bot that fills
 * it gets a normal-looking 201 with a made-up id, and nothing is stored. Empty (or absent) it is
 * removed before the shared schema validates, since the schema refuses unknown fields.
 */
import { randomInt } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HONEYPOT_FIELD, type CreatedResponse } from '@mentorship/domain';
import { logger } from 'firebase-functions';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Looks like a Firestore auto id (20 characters of the same alphabet). */
export const fakeDocumentId = (): string =>
  Array.from({ length: 20 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a honeypot value counts as filled in (anything but absent, null or blank text). */
export const isFilled = (value: unknown): boolean =>
  !(value === undefined || value === null || (typeof value === 'string' && value.trim() === ''));

export const honeypot: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (!isPlainObject(body) || !(HONEYPOT_FIELD in body)) {
    next();
    return;
  }
  if (isFilled(body[HONEYPOT_FIELD])) {
    // The route only: the body is an applicant's (or a bot's) data and never logged.
    logger.info('Application dropped: honeypot filled', { path: req.path });
    const answer: CreatedResponse = { id: fakeDocumentId() };
    res.status(201).json(answer);
    return;
  }
  delete body[HONEYPOT_FIELD];
  next();
};
