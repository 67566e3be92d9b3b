/**
 * Helpers for keyboard-only browser tests: move focus with keys and check, after every move,
 * what a sighted keyboard user sees (WCAG 2.2 2.4.7 and 2.4.11): focus is on an element (not
 * dropped to <body>), inside the viewport, and not covered by the sticky header, a toast or a
 * dialog the focus is not in.
 */
import { expect, type Page } from '@playwright/test';

export interface FocusState {
  /** What has focus: tag, accessible-ish name, for messages. */
  element: string;
  /** Why a person could not see the focused element; undefined when they can. */
  problem?: string;
}

/** Where focus is and whether it is visible (see the module comment). Runs in the page. */
export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) {
      return { element: 'body', problem: 'focus fell to <body>' };
    }
    const labels = 'labels' in active ? (active as HTMLInputElement).labels : null;
    const name = (
      active.getAttribute('aria-label') ||
      labels?.[0]?.textContent ||
      active.textContent ||
      active.getAttribute('name') ||
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    const element = `<${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}> "${name}"`;
    // A visually hidden input (Chakra's checkbox) is seen through its label or control.
    let rect = active.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) {
      const visible = active.closest('label') ?? active.parentElement;
      if (visible) rect = visible.getBoundingClientRect();
    }
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const tolerance = 1;
    if (
      rect.top < -tolerance ||
      rect.left < -tolerance ||
      rect.right > vw + tolerance ||
      (rect.bottom > vh + tolerance && rect.height < vh)
    ) {
      return {
        element,
        problem: `outside the viewport (${Math.round(rect.top)}..${Math.round(rect.bottom)} of ${vh})`,
      };
    }
    // `other` covers the focused element where their boxes meet and `other` is painted on top
    // (the skip link, for one, is drawn over the header on purpose).
    const covers = (other: Element) => {
      const r = other.getBoundingClientRect();
      const left = Math.max(r.left, rect.left);
      const right = Math.min(r.right, rect.right);
      const top = Math.max(r.top, rect.top);
      const bottom = Math.min(r.bottom, rect.bottom);
      if (r.width === 0 || r.height === 0 || left >= right || top >= bottom) return false;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return hit !== null && other.contains(hit) && !active.contains(hit);
    };
    const stuck = (el: Element) => ['sticky', 'fixed'].includes(getComputedStyle(el).position);
    for (const header of Array.from(document.querySelectorAll('header'))) {
      if (!header.contains(active) && stuck(header) && covers(header)) {
        return { element, problem: 'under the sticky header' };
      }
    }
    for (const toast of Array.from(
      document.querySelectorAll(
        '[data-scope="toast"][data-part="root"]:not([data-state="closed"])',
      ),
    )) {
      if (!toast.contains(active) && covers(toast)) return { element, problem: 'under a toast' };
    }
    for (const dialog of Array.from(document.querySelectorAll('dialog[open], [role="dialog"]'))) {
      const style = getComputedStyle(dialog);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (!dialog.contains(active) && covers(dialog)) return { element, problem: 'under a dialog' };
    }
    return { element };
  });
}

/** Fails with the focused element and the reason when focus is not visible. */
export async function expectFocusVisible(page: Page, context: string): Promise<FocusState> {
  const state = await focusState(page);
  expect(state.problem, `${context}: focus on ${state.element}`).toBeUndefined();
  return state;
}

/** Presses `key` and checks focus is visible afterwards. */
export async function press(page: Page, key: string, context = key): Promise<FocusState> {
  await page.keyboard.press(key);
  return expectFocusVisible(page, `after ${context}`);
}

/**
 * Tabs (forwards or backwards) until `done` says so, at most `limit` presses, checking focus
 * after every press. Returns the elements visited.
 */
export async function tabUntil(
  page: Page,
  done: (state: FocusState) => boolean,
  { backwards = false, limit = 150, context = '' } = {},
): Promise<FocusState[]> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const visited: FocusState[] = [];
  for (let i = 0; i < limit; i++) {
    const state = await press(page, key, `${key} #${i + 1} ${context}`);
    visited.push(state);
    if (done(state)) return visited;
  }
  throw new Error(`${context}: ${limit} presses of ${key} did not get there`);
}

/** Tabs forwards until the focused element has `name` in its text or label. */
export const tabTo = (page: Page, name: string | RegExp, context = '') =>
  tabUntil(
    page,
    (state) => (typeof name === 'string' ? state.element.includes(name) : name.test(state.element)),
    { context: `${context} to ${String(name)}` },
  );

/** Waits until the React app has hydrated or taken over the page. */
export const appReady = (page: Page) =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
