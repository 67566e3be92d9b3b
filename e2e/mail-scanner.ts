/**
 * A mail scanner, as university mail systems run one: every link of a message is
 * fetched with a plain GET and loaded in a headless browser page that runs its scripts, and
 * nothing is clicked. `expectScanChangesNothing` compares every stored document before and after
 * (the rate-limit counters aside, which count requests and act on nothing).
 *
 * `workingSecretsIn` looks through stored documents for what would let someone act as a person:
 * a link with a token or Firebase code, a one-time token (32 random bytes, base64url) or a
 * placeholder-free message that carries one.
 */
import { createHash } from 'node:crypto';
import { expect, type Browser } from '@playwright/test';
import { siteUrl, firestore } from '../tests/support/api';
import type { InboxMail } from '../tests/support/inbox';
import { everyDocument } from './applicant-support';

/** Every http(s) link of the message's text and HTML parts, de-duplicated. */
export function linksOf(mail: Pick<InboxMail, 'text' | 'html'>): string[] {
  const found = new Set<string>();
  for (const m of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) found.add(m[0]);
  for (const m of (mail.html ?? '').matchAll(/href="([^"]+)"/g)) {
    const href = (m[1] as string).replace(/&amp;/g, '&');
    if (/^https?:\/\//.test(href)) found.add(href);
  }
  return [...found];
}

/** Opens each link as a scanner does: a GET, then a headless page load, never a click. */
export async function scan(browser: Browser, links: string[]): Promise<void> {
  const site = new URL(siteUrl()).origin;
  for (const link of links) {
    // Only the site's own links: this machine reaches no other host.
    if (new URL(link).origin !== site) continue;
    const res = await fetch(link, { redirect: 'follow' });
    expect(res.status, `GET ${link}`).toBeLessThan(500);
    await res.arrayBuffer();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    await context.close();
  }
}

/** Waits until the outbox has no message on its way (its updates are not the scan's). */
async function outboxSettled(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await firestore().collection('mail').get()).docs.filter(
          (d) => !['SUCCESS', 'ERROR'].includes(String(d.get('delivery.state'))),
        ).length,
      { timeout: 60_000 },
    )
    .toBe(0);
}

const IGNORED = /^rateLimits\//;

async function snapshot(): Promise<Map<string, string>> {
  const all = await everyDocument();
  return new Map(all.filter((d) => !IGNORED.test(d.path)).map((d) => [d.path, d.json]));
}

/** Scans every link of `mails` and checks that no stored document changed. */
export async function expectScanChangesNothing(
  browser: Browser,
  mails: Pick<InboxMail, 'subject' | 'text' | 'html'>[],
): Promise<string[]> {
  await outboxSettled();
  const before = await snapshot();
  const links = mails.flatMap(linksOf);
  expect(links.length).toBeGreaterThan(0);
  await scan(browser, links);
  // Give anything the page loads started time to land, then compare.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await outboxSettled();
  const after = await snapshot();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (path) => before.get(path) !== after.get(path),
  );
  expect(changed, `documents changed by scanning ${mails.map((m) => m.subject)}`).toEqual([]);
  return links;
}

/** A one-time token of ours: 32 random bytes in base64url (43 characters). */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** A link that carries a credential in its query or fragment. */
const CREDENTIAL_LINK = /[?#&](token|oobCode|apiKey)=/;
const HASH = /[0-9a-f]{64}/g;

/**
 * What in the stored documents would let someone act as a person: a link with a token or a
 * Firebase code, or a token-shaped string that a door would accept (its SHA-256 is one the doors
 * look up: a check-in token's id, an invitation's or an offer's `tokenHashes`).
 */
export function workingSecretsIn(docs: { path: string; json: string }[]): string[] {
  const live = new Set<string>();
  for (const { path, json } of docs) {
    if (path.startsWith('checkInTokens/')) live.add(path.slice('checkInTokens/'.length));
    for (const m of json.matchAll(HASH)) live.add(m[0]);
  }
  const found: string[] = [];
  for (const { path, json } of docs) {
    if (CREDENTIAL_LINK.test(json)) found.push(`${path}: a link with a credential`);
    for (const m of json.matchAll(TOKEN)) {
      if (live.has(createHash('sha256').update(m[0]).digest('hex'))) {
        found.push(`${path}: a working token`);
      }
    }
  }
  return found;
}
