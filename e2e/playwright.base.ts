import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { DISABLED_FEATURES } from './chromium-features';

/**
 * What both browser-test configs share (e2e/playwright.config.ts against the emulator stack,
 * e2e/rehearsal/playwright.config.ts against the production rehearsal): one worker, no retries,
 * the list and JSON reporters, a screenshot kept on failure (a trace when asked), and Debian's Chromium
 * (browsers cannot be downloaded here) started with the same flags. Paths are given by each
 * config: Playwright resolves them from the config's own folder.
 */
export function browserTestConfig(options: {
  testMatch: NonNullable<PlaywrightTestConfig['testMatch']>;
  timeout: number;
  expectTimeout: number;
  /** The JSON report when E2E_JSON_REPORT (set by scripts/test.ts) does not name one. */
  reportFile: string;
  /** Traces and screenshots when E2E_OUTPUT_DIR does not name a folder. */
  outputDir: string;
  use: PlaywrightTestConfig['use'];
  /** Chromium flags besides the shared ones. */
  chromiumArgs?: string[];
  projects?: PlaywrightTestConfig['projects'];
}): PlaywrightTestConfig {
  return defineConfig({
    testDir: '.',
    testMatch: options.testMatch,
    timeout: options.timeout,
    expect: { timeout: options.expectTimeout },
    workers: 1,
    retries: 0,
    reporter: [
      ['list'],
      ['json', { outputFile: process.env.E2E_JSON_REPORT ?? options.reportFile }],
    ],
    outputDir: process.env.E2E_OUTPUT_DIR ?? options.outputDir,
    use: {
      ...options.use,
      // A trace records every action's screenshots and DOM: kept for a failure when asked for
      // (E2E_TRACE=retain-on-failure, `npm test -- --trace`), since a CI log cannot carry one
      // and recording it for every passing test costs the run a noticeable share of its CPU.
      trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
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
          // One renderer process a browser context, not two: without a limit Chromium starts a
          // spare renderer beside each new window, and every context a test opens is one.
          '--renderer-process-limit=1',
          `--disable-features=${DISABLED_FEATURES.join(',')}`,
          ...(options.chromiumArgs ?? []),
        ],
      },
    },
    ...(options.projects ? { projects: options.projects } : {}),
  });
}
