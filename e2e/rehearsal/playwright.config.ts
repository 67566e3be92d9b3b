import { defineConfig, devices } from '@playwright/test';

// The production rehearsal (scripts/test.ts, stage `rehearsal`): the production build on the
// Hosting emulator with firebase.json verbatim. Chromium resolves Google's API hosts to the local
// TLS proxy (REHEARSAL_HOST_RULES, scripts/lib/google-proxy.ts) and accepts its self-signed
// certificate; nothing else differs from a visitor's browser.
const hostRules = process.env.REHEARSAL_HOST_RULES;
if (!hostRules)
  throw new Error('REHEARSAL_HOST_RULES is not set: run `npm test -- --only rehearsal`.');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.rehearsal.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '../../.stack/rehearsal-report.json' }],
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=${hostRules}`,
      ],
    },
  },
});
