/**
 * The limit per test of every Jest project but the rehearsal's: a guard against a test that
 * hangs, never a measure of speed. Jest takes `testTimeout` from the command line or the root of
 * its config, not from a project's entry (there it is silently ignored), so each project sets it
 * here. The suites run beside two emulator stacks and their browsers on two cores, and on shared
 * CI machines beside other jobs: the 5 s default failed tests that waited on nothing but the
 * machine (web/src/test/setup.ts gives Testing Library's waits the same reason).
 */
jest.setTimeout(30_000);
