// Jest projects: `unit` (domain, functions, scripts: Node), `web` (components: jsdom) and
// `integration` (the api function through the emulators; needs the stack `npm test` starts),
// `rules`, and `rehearsal` (setup and smoke test against the production rehearsal's stack).
const swc = (jsx = false) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: jsx },
      target: 'es2022',
      transform: jsx
        ? {
            react: { runtime: 'automatic' },
            optimizer: {
              globals: { vars: { 'import.meta.env': '{"MODE":"test","DEV":false,"PROD":true}' } },
            },
          }
        : undefined,
    },
    module: { type: 'commonjs' },
  },
];

export default {
  // The audience test last: its walk sees what every other suite stored.
  testSequencer: '<rootDir>/tests/support/test-sequencer.mjs',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/packages/domain/src',
        '<rootDir>/functions/src',
        '<rootDir>/scripts',
        // The web build's own code (route budgets, prerender); web/src is the `web` project's.
        '<rootDir>/web',
      ],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/web/src/'],
      setupFiles: ['<rootDir>/tests/support/fast-check-seed.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/time-limit.ts'],
      transform: { '^.+\\.tsx?$': swc() },
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web/src'],
      setupFilesAfterEnv: [
        '<rootDir>/tests/support/time-limit.ts',
        '<rootDir>/web/src/test/setup.ts',
      ],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/web/src/test/file-stub.ts' },
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/api'],
      setupFiles: ['<rootDir>/tests/support/fast-check-seed.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/time-limit.ts'],
      transform: { '^.+\\.tsx?$': swc() },
    },
    {
      // The production rehearsal's stack (scripts/test.ts): the setup and the smoke test.
      displayName: 'rehearsal',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/rehearsal'],
      transform: { '^.+\\.tsx?$': swc() },
    },
    {
      displayName: 'rules',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/rules'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/time-limit.ts'],
      transform: { '^.+\\.tsx?$': swc() },
    },
  ],
};
