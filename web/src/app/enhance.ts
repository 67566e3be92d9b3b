/**
 * What a prerendered page needs before React has hydrated it: plain DOM code, a few hundred
 * bytes, so the page is fully usable as static HTML (links are real anchors and navigate as
 * full page loads).
 *
 * - The menu button opens the native <dialog> drawer (data-menu-open="<dialog id>"); its close
 *   button (data-menu-close) and a click on the backdrop close it. Escape, the focus trap and
 *   returning focus to the menu button come with the native modal dialog.
 * - FAQ triggers (data-faq-trigger, aria-controls -> panel) toggle their panel, one open at a
 *   time within their data-faq-group.
 *
 * The listener sits on window in the capture phase and stops the event, so React, while it is
 * hydrating, does not act on the same click a second time. Once the app has hydrated
 * (`isHydrated()`, set in a layout effect of the site layout), React's own handlers do the same
 * things and this code stands aside; the components read the DOM state left behind on mount.
 */

const closestIn = (target: EventTarget | null, selector: string): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>(selector) : null;

export function toggleFaqItem(trigger: HTMLElement): void {
  const group = trigger.closest('[data-faq-group]') ?? document;
  const opening = trigger.getAttribute('aria-expanded') !== 'true';
  for (const other of group.querySelectorAll<HTMLElement>('[data-faq-trigger]')) {
    const open = opening && other === trigger;
    other.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !open;
  }
}

function handleClick(event: MouseEvent): void {
  const opener = closestIn(event.target, '[data-menu-open]');
  if (opener) {
    const dialog = document.getElementById(opener.dataset.menuOpen ?? '');
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
    event.stopPropagation();
    return;
  }
  const dialog = closestIn(event.target, 'dialog[open]');
  if (dialog instanceof HTMLDialogElement) {
    // The backdrop is part of the dialog element itself; the panel fills it with a child.
    if (event.target === dialog || closestIn(event.target, '[data-menu-close]')) {
      dialog.close();
      event.stopPropagation();
    }
    return;
  }
  const trigger = closestIn(event.target, '[data-faq-trigger]');
  if (trigger) {
    toggleFaqItem(trigger);
    event.stopPropagation();
  }
}

/** Makes the static page's controls work until `isHydrated()` turns true. */
export function enhanceStaticPage(isHydrated: () => boolean): void {
  const listener = (event: MouseEvent) => {
    if (isHydrated()) {
      window.removeEventListener('click', listener, true);
      return;
    }
    handleClick(event);
  };
  window.addEventListener('click', listener, true);
}

/** The static lines GET /api/cohorts/current composes, by the answer's field. */
const COHORT_TEXT = { notice: '[data-cohort-notice]', dates: '[data-cohort-dates]' } as const;

/**
 * The cohort lines of a prerendered page, from the records: the wizards' notice
 * (`[data-cohort-notice]`: which cohort takes applications and until when, or when the next
 * opens) and the public pages' dates (`[data-cohort-dates]`, home and For Students). One fetch of
 * GET /api/cohorts/current on page load (which composes both sentences; Hosting's CDN keeps the
 * answer a few minutes), so a coordinator's edit shows without a redeploy. A line changes only
 * when the answer differs from what the HTML holds, and never once the app has it (`data-live`):
 * the app's components start from the text left here and read the answer again. Pages without
 * such a line fetch nothing.
 */
export function fillCohortText(): void {
  const lines = Object.entries(COHORT_TEXT).flatMap(([field, selector]) => {
    const element = document.querySelector<HTMLElement>(selector);
    return element ? [{ field, element }] : [];
  });
  if (lines.length === 0) return;
  // API.currentCohort in the domain's path table, written out: this entry loads before the app
  // and imports nothing of the domain package.
  void fetch('/api/cohorts/current', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<Record<string, unknown>>) : null))
    .then((data) => {
      for (const { field, element } of lines) {
        const text = data?.[field];
        if (typeof text === 'string' && !element.dataset.live && element.textContent !== text)
          element.textContent = text;
      }
    })
    .catch(() => undefined);
}

/** Events that show a person is about to use the page: the app loads on the first of them. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'];

/**
 * Calls `start` once, on the first sign of interaction. `extra` adds events (the wizards add
 * `scroll`: on a phone a person scrolls down the form before tapping Continue, so the app is
 * there by the time they tap).
 */
export function onFirstInteraction(start: () => void, extra: readonly string[] = []): void {
  const types = [...INTENT_EVENTS, ...extra];
  let started = false;
  const trigger = () => {
    if (started) return;
    started = true;
    for (const type of types) window.removeEventListener(type, trigger, true);
    start();
  };
  for (const type of types) {
    window.addEventListener(type, trigger, { capture: true, passive: true });
  }
}

/**
 * The student wizard's Time Zone (a prerendered step 1, made without one) starts on the
 * browser's own zone when the list has it; the take-over then keeps it as a typed value.
 */
export function preselectBrowserZone(root: HTMLElement): void {
  const select = root.querySelector<HTMLSelectElement>('select[name="timeZone"]');
  if (!select || select.value !== '') return;
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (Array.from(select.options).some((option) => option.value === zone)) select.value = zone;
  } catch {
    // No time-zone support: nothing preselected, as when the zone is not listed.
  }
}
