import { devices } from '@playwright/test';
import { browserTestConfig } from '../playwright.base';

// The production rehearsal (scripts/test.ts, stage `rehearsal`): the production build on the
// Hosting emulator with firebase.json verbatim. Chromium resolves Google's API hosts to the local
// TLS proxy (REHEARSAL_HOST_RULES, scripts/lib/google-proxy.ts) and accepts its self-signed
// certificate; nothing else differs from a visitor's browser.
const hostRules = process.env.REHEARSAL_HOST_RULES;
if (!hostRules)
  throw new Error('REHEARSAL_HOST_RULES is not set: run `npm test -- --only rehearsal`.');

export default browserTestConfig({
  testMatch: '**/*.rehearsal.ts',
  timeout: 90_000,
  expectTimeout: 30_000,
  reportFile: '../../.stack/rehearsal-report.json',
  outputDir: '../../test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    ignoreHTTPSErrors: true,
  },
  chromiumArgs: [`--host-resolver-rules=${hostRules}`],
});
