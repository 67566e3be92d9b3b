/**
 * Completion steps for browser tests, as reusable functions so the
 * end-to-end cohort spec can append them: run the daily work as of a date, sign a participant in
 * to My application by e-mail link, download their certificate PDF and read its text, open the
 * public verification page, and read the cohort report's figures.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { myApplicationPaths } from '@mentorship/domain';
import { call, ownClient, siteUrl } from '../tests/support/api';
import { confirmWithLink, signInLinkFor } from './applicant-support';

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * The scheduled function's work as of a day (completion among it), as `npm run daily -- --date`
 * runs it against this stack's emulators. Answers the script's report, one line per job.
 */
export async function runDailyAsOf(day: string): Promise<string> {
  const { stdout } = await run(process.execPath, [TSX, 'scripts/daily.ts', '--date', day], {
    cwd: ROOT,
    env: { ...process.env, SITE_URL: process.env.SITE_URL ?? siteUrl() },
  });
  return stdout;
}

/** Asks for a sign-in link like "Check my application" does, and opens it: on My application. */
export async function signInToMyApplication(page: Page, email: string): Promise<void> {
  const res = await call('POST', myApplicationPaths.signInLink, {
    headers: ownClient(),
    body: { email },
  });
  expect(res.status).toBe(202);
  await confirmWithLink(page, await signInLinkFor(email), email);
}

/** On My application: the certificate's PDF, downloaded with its button, as text. */
export async function downloadCertificateText(page: Page): Promise<{ name: string; text: string }> {
  const section = page.getByRole('region', { name: 'Your certificates' });
  await expect(section).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my certificate (PDF)' }).click(),
  ]);
  const path = await download.path();
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  const { text } = await parser.getText();
  await parser.destroy();
  return { name: download.suggestedFilename(), text };
}

/** The public page of a certificate shows these label/value pairs. */
export async function expectVerificationPage(
  page: Page,
  id: string,
  shows: Record<string, string>,
): Promise<void> {
  await page.goto(`/certificates/${id}`);
  const valid = page.getByRole('region', { name: 'Valid certificate of recognition' });
  await expect(valid).toBeVisible();
  for (const [label, value] of Object.entries(shows)) {
    await expect(valid.locator('dt', { hasText: label }).locator('+ dd')).toHaveText(value);
  }
}

/** The cohort report page's figures for one cohort, as the cards show them. */
export async function reportFiguresFor(page: Page, cohortId: string, cohortName: string) {
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Cohort report' })).toBeVisible();
  await page.getByLabel('Cohort', { exact: true }).selectOption(cohortId);
  await expect(page.getByTestId('report-summary')).toContainText(`${cohortName}:`);
  const figures = page.getByTestId('report-figures');
  const read = async (label: string) =>
    (await figures.locator('dt', { hasText: label }).locator('+ dd').first().textContent()) ?? '';
  return {
    pairsMade: await read('Pairs made'),
    sessionsHeld: await read('Sessions held'),
    pairsCompleted: await read('Pairs completed'),
    completionRate: await read('Completion rate'),
    rematches: await read('Re-matches'),
    checkIn: await read('Mean check-in rating'),
    survey: await read('Mean final survey rating'),
    recommend: await read('Would recommend'),
  };
}
