import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe with the WCAG 2.1 AA tags and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/** Unique suffix so tests never collide on e-mail addresses. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * Deletes every Firestore document of the test stack (FIRESTORE_RESET_URL, set by the runner),
 * so a spec file starts from an empty database whatever ran before it. Auth users are kept.
 */
export async function resetFirestore(): Promise<void> {
  const url = process.env.FIRESTORE_RESET_URL;
  if (!url)
    throw new Error('FIRESTORE_RESET_URL is not set: run browser tests through `npm test`.');
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Resetting Firestore answered ${res.status}`);
}
