import { devices } from '@playwright/test';
import { browserTestConfig } from './playwright.base';

// Runs against the emulator stack that `npm test` starts (E2E_BASE_URL). A lane of `npm test`
// runs the spec files it was dealt (E2E_FILES, paths from the repository's root); without it,
// every spec.
const files = process.env.E2E_FILES?.split(',').filter(Boolean);
const exactly = (file: string) =>
  new RegExp(`[\\/]${file.replace(/^e2e\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export default browserTestConfig({
  testMatch: files ? files.map(exactly) : '**/*.spec.ts',
  // Limits that catch a hang, not measures of speed: a busy shared machine ran a sign-in and an
  // approval through the emulators in more than 10 s, and a keyboard walk in more than a minute.
  // Every wait itself is on what a person waits for (an element, a focus, a response).
  timeout: 120_000,
  expectTimeout: 30_000,
  reportFile: '../.stack/e2e-report.json',
  outputDir: '../test-results',
  use: { baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000' },
  projects: [
    // Signs the shared coordinator in once (admin.setup.ts); the specs reuse the session.
    { name: 'setup', testMatch: /admin\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'] } },
  ],
});
