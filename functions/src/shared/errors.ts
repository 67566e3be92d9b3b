/**
 * A refusal: what a use case (or a request check) will not do, as a code from the domain's
 * vocabulary (`ErrorCode`: the client reads the same codes), a message for the person, and
 * optional messages per form field. It knows nothing of HTTP: the one error handler
 * (http/errors.ts) turns the code into a status through `ERROR_STATUS`, so repositories and
 * services can be called from a trigger, a script or a test alike.
 */
import type { ErrorCode, FieldErrors } from '@mentorship/domain';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}
