/**
 * Kept for tests/api/audience.test.ts only, which imports its data from here: the factories are
 * in tests/factories, storing them in tests/support/seed.ts. New tests import those.
 */
export { mentorApplication, studentApplication } from '../factories';
export { moveToCohort } from '../support/seed';
