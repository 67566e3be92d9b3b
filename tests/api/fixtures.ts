/**
 * Kept for the browser tests that import their data from here (e2e/interviews.spec.ts,
 * e2e/nominations.spec.ts): the factories are in tests/factories, storing them in
 * tests/support/seed.ts. New tests import those.
 */
export { mentorApplication, studentApplication } from '../factories';
