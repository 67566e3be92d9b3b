/**
 * Two checkers besides axe, both offline:
 * - the Nu HTML Checker (the W3C validator, npm `vnu-jar`), run as a local HTTP service on the
 *   machine's Java for the duration of a spec file;
 * - IBM's Equal Access engine (npm `accessibility-checker-engine`), injected into the page and
 *   run with its WCAG 2.2 A/AA rule set.
 */
import { expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');
const ACE_JS = require.resolve('accessibility-checker-engine/ace.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export interface HtmlValidator {
  /** The checker's error messages for `html` (warnings and info are not errors). */
  errors(html: string): Promise<string[]>;
  stop(): Promise<void>;
}

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Starts the Nu HTML Checker as a local service and waits until it answers. */
export async function startHtmlValidator(): Promise<HtmlValidator> {
  const port = await freePort();
  const java: ChildProcess = spawn(
    'java',
    ['-Xss1024k', '-cp', VNU_JAR, 'nu.validator.servlet.Main', String(port)],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/?out=json`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (java.exitCode !== null) throw new Error('The Nu HTML Checker stopped at start-up');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      java.kill();
      throw new Error('The Nu HTML Checker did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async errors(html) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: html,
      });
      const { messages } = (await res.json()) as { messages: VnuMessage[] };
      return messages
        .filter((m) => m.type === 'error' || m.type === 'non-document-error')
        .map((m) => `line ${m.lastLine ?? '?'}: ${m.message} [${(m.extract ?? '').trim()}]`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (java.exitCode !== null) return resolve();
        java.once('exit', () => resolve());
        java.kill();
      }),
  };
}

/** The page as the browser holds it now: doctype plus the live DOM. */
export const renderedHtml = (page: Page) =>
  page.evaluate(() => {
    // A chart's drawing (recharts, hidden from assistive technology; its data is a table beside
    // it) writes SVG attributes the Nu checker refuses: it is left out of the check.
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.recharts-wrapper').forEach((chart) => chart.remove());
    return `<!doctype html>\n${copy.outerHTML}`;
  });

interface AceResult {
  ruleId: string;
  value: [string, string];
  message: string;
  path: { dom: string };
}

/**
 * Runs IBM's engine (WCAG 2.2 A and AA) in the page and returns its violations: results the
 * engine is sure of (VIOLATION/FAIL); the "needs review" ones are for people.
 * The page must allow the injected script (test.use({ bypassCSP: true })).
 */
export async function aceViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'ace' in window))) {
    // Once run, the engine lives on `window`; its <script> element goes, so the page's DOM is
    // the site's own again for any later check (the HTML checker reads it).
    const tag = await page.addScriptTag({ path: ACE_JS });
    await tag.evaluate((element) => element.parentNode?.removeChild(element));
  }
  const results = await page.evaluate(async () => {
    const ace = (
      window as unknown as {
        ace: { Checker: new () => { check(doc: Document, rulesets: string[]): Promise<unknown> } };
      }
    ).ace;
    const report = (await new ace.Checker().check(document, ['WCAG_2_2'])) as {
      results: AceResult[];
    };
    return report.results
      .filter((r) => r.value[0] === 'VIOLATION' && r.value[1] === 'FAIL')
      .map((r) => `${r.ruleId}: ${r.message} @ ${r.path.dom}`);
  });
  return results;
}

/** Fails with the list when the page has any IBM Equal Access violation. */
export async function expectNoAceViolations(page: Page, context: string): Promise<void> {
  expect(await aceViolations(page), `IBM Equal Access violations ${context}`).toEqual([]);
}
