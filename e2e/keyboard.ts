/**
 * Helpers for keyboard-only browser tests: move focus with keys and check, after every move,
 * what a sighted keyboard user sees (WCAG 2.2 2.4.7 and 2.4.11): focus is on an element (not
 * dropped to <body>), inside the viewport, and not covered by the sticky header, a toast or a
 * dialog the focus is not in.
 */
import { expect, type Page } from '@playwright/test';

interface FocusState {
  /** What has focus: tag, accessible-ish name, for messages. */
  element: string;
  /** Why a person could not see the focused element; undefined when they can. */
  problem?: string;
  /**
   * Nothing at all is painted over the centre of the focused element (or of the label that shows
   * it). Stricter than `problem`, which names only the header, toasts and dialogs; for elements
   * nothing may overlap, like the skip link.
   */
  onTop?: boolean;
}

/**
 * Where focus is and whether it is visible (see the module comment). Runs in the page, so it
 * refers to nothing outside itself: `focusState` evaluates it once, `watchFocus` every frame.
 */
function inspectFocus(): FocusState {
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
  let shown: Element = active;
  let rect = active.getBoundingClientRect();
  if (rect.width <= 1 || rect.height <= 1) {
    shown = active.closest('label') ?? active.parentElement ?? active;
    rect = shown.getBoundingClientRect();
  }
  const centre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  const onTop = centre !== null && (active.contains(centre) || shown.contains(centre));
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const tolerance = 1;
  // The room between the sticky header and, on phones, the toasts (the page's scroll-padding):
  // an element taller than it cannot be shown whole, and is seen when part of it is on screen
  // (WCAG 2.2 2.4.11), as the layouts' useFocusInView leaves it.
  const padding = getComputedStyle(document.documentElement);
  const room =
    vh -
    (parseFloat(padding.scrollPaddingTop) || 0) -
    (parseFloat(padding.scrollPaddingBottom) || 0);
  const tall = rect.height > room;
  if (
    (tall
      ? rect.bottom <= tolerance || rect.top >= vh - tolerance
      : rect.top < -tolerance || rect.bottom > vh + tolerance) ||
    rect.left < -tolerance ||
    rect.right > vw + tolerance
  ) {
    return {
      element,
      onTop,
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
      return { element, onTop, problem: 'under the sticky header' };
    }
  }
  for (const toast of Array.from(
    document.querySelectorAll('[data-scope="toast"][data-part="root"]:not([data-state="closed"])'),
  )) {
    if (!toast.contains(active) && covers(toast))
      return { element, onTop, problem: 'under a toast' };
  }
  for (const dialog of Array.from(document.querySelectorAll('dialog[open], [role="dialog"]'))) {
    const style = getComputedStyle(dialog);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (!dialog.contains(active) && covers(dialog))
      return { element, onTop, problem: 'under a dialog' };
  }
  return { element, onTop };
}

/**
 * Where focus is and whether it is visible, now: one evaluation in the page, so it sees one
 * state of the DOM (an element handle taken before the app takes a wizard over would point at
 * the static element the take-over removed).
 */
export const focusState = (page: Page): Promise<FocusState> => page.evaluate(inspectFocus);

/** One painted frame: `focusState` as the frame was about to be drawn. */
interface FrameSample extends FocusState {
  /** Milliseconds since the watch began. */
  t: number;
  /** The app had hydrated or taken the page over (html[data-hydrated]). */
  app: boolean;
}

interface FocusWatch {
  on: boolean;
  samples: FrameSample[];
}

/**
 * Records `focusState` in every animation frame (each picture the browser paints) from the next
 * focus move (a Tab, a click, `locator.focus()`) until `stop()`, which lets two more frames pass
 * first. What a person sees between two test steps, say from a Tab through the app's take-over,
 * not only at the steps.
 */
export async function watchFocus(page: Page): Promise<{ stop: () => Promise<FrameSample[]> }> {
  // A string, so the page receives inspectFocus itself (a function passed to evaluate cannot
  // take another function along).
  await page.evaluate(`(() => {
    const inspect = ${inspectFocus.toString()};
    const watch = { on: true, samples: [] };
    window.__focusWatch = watch;
    let start = null;
    window.addEventListener('focusin', () => { start ??= performance.now(); }, true);
    const frame = (now) => {
      if (!watch.on) return;
      if (start === null) return void requestAnimationFrame(frame);
      const app = document.documentElement.dataset.hydrated === 'true';
      watch.samples.push({ ...inspect(), t: Math.round(now - start), app });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  return {
    stop: () =>
      page.evaluate(async () => {
        const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        await nextFrame();
        await nextFrame();
        const watch = (window as unknown as { __focusWatch: FocusWatch }).__focusWatch;
        watch.on = false;
        return watch.samples;
      }),
  };
}

/**
 * Fails unless every frame had focus on an element whose text or label includes `name`, visible
 * (`problem` undefined) and, with `onTop`, painted over by nothing; and unless the frames reach
 * the app (when `throughApp`), so the take-over or hydration was watched, not only the static page.
 */
export function expectEveryFrame(
  frames: FrameSample[],
  name: string,
  context: string,
  { onTop = false, throughApp = true } = {},
): void {
  expect(frames.length, `${context}: frames sampled`).toBeGreaterThan(0);
  if (throughApp) {
    expect(
      frames.some((frame) => frame.app),
      `${context}: a frame with the app there`,
    ).toBe(true);
  }
  const bad = frames.find(
    (frame) =>
      !frame.element.includes(name) || frame.problem !== undefined || (onTop && !frame.onTop),
  );
  expect(
    bad,
    `${context}: frame ${bad ? frames.indexOf(bad) + 1 : 0} of ${frames.length} at ${bad?.t} ms${
      bad?.app ? ' (app there)' : ''
    }: focus on ${bad?.element}, ${bad?.problem ?? (bad?.onTop ? '' : 'painted over')}`,
  ).toBeUndefined();
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
