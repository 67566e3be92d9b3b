/**
 * Passkeys: every coordinator's second factor, and the session's second step.
 *
 * The feature's only entry (eslint.config.mjs holds that).
 */
export { passkeyAdminRouter, passkeySessionRouter } from './router';
export { RELATED_ORIGINS_PATH, relatedOriginsRouter } from './related-origins';
export { resetPasskeysFromCommandLine } from './service';
export { issueEnrolmentCode, newEnrolment } from './enrolment';
export { refuseCoordinatorEmailLink } from './sign-in-guard';
