/** Firestore's gRPC status for a `create` whose document already exists. */
const ALREADY_EXISTS = 6;

/**
 * True when a commit failed because a document it creates already exists: the application lock or the
 * pair of a pair was taken by a concurrent request between our read and our commit.
 */
export const isAlreadyExists = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === ALREADY_EXISTS;
