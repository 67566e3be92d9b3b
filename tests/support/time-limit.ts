/**
 * The integration and rules suites' limit per test. Jest takes `testTimeout` from the command
 * line or the root of its config, not from a project's entry (there it is silently ignored), so
 * each project that needs more than the 5 s default sets it here. Requests go through the
 * emulators beside a browser on two cores: 5 s failed tests that wait on nothing but the machine.
 */
jest.setTimeout(30_000);
