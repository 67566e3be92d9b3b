/**
 * Prerendered forms. The wizards' first step is static HTML that a person can read and type into
 * before the app has loaded (main.tsx starts the app on the first interaction). When the app
 * takes over, it renders the form anew in one synchronous step; this module carries across what
 * the static form held, so nothing is lost:
 * - the values typed (the wizard starts from them, over any saved draft);
 * - the focused element (a field and its caret, or any link or button: the skip link a first Tab
 *   reached keeps focus), found again by name or its place among the focusable elements;
 * - a submit made before the app was there (Continue clicked, Enter pressed): held, since the
 *   browser would otherwise send the form as a GET with every answer in the URL, then replayed.
 * Every element is new after the take-over (a reference to the static one points at a removed
 * node), but capture, render and restore run in one task: no frame is painted in between, so
 * focus is seen to stay put (e2e/keyboard.spec.ts watches every frame).
 * Plain DOM code: main.tsx imports it, so it must stay small.
 */

export type StaticValue = string | number;

/** How to find the focused element again in the app's markup, which is the same page. */
export type FocusKey = { id: string } | { name: string } | { index: number };

export interface StaticFormState {
  values: Record<string, StaticValue>;
  focus: (FocusKey & { start: number | null; end: number | null }) | null;
  submitted: boolean;
}

const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

const focusKey = (root: HTMLElement, element: Element): FocusKey | null => {
  // A form control by its name (stable); anything else by its place in the same markup, or its
  // id (generated ids may differ between the prerender and the app's render).
  const name = element.getAttribute('name');
  if (name) return { name };
  const index = Array.from(root.querySelectorAll(FOCUSABLE)).indexOf(element);
  if (index >= 0) return { index };
  return element.id ? { id: element.id } : null;
};

const findByKey = (root: HTMLElement, key: FocusKey): HTMLElement | null => {
  if ('id' in key) return document.getElementById(key.id);
  if ('name' in key) return root.querySelector<HTMLElement>(`[name="${CSS.escape(key.name)}"]`);
  return root.querySelectorAll<HTMLElement>(FOCUSABLE)[key.index] ?? null;
};

let submitted = false;
let captured: Record<string, StaticValue> = {};

const holdSubmit = (event: Event) => {
  event.preventDefault();
  event.stopPropagation();
  submitted = true;
};

/** Until `captureStaticForm` runs, a submit of the static form is held (not sent). */
export function holdSubmits(): void {
  window.addEventListener('submit', holdSubmit, true);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const caret = (control: Control, which: 'selectionStart' | 'selectionEnd') => {
  try {
    return control instanceof HTMLSelectElement ? null : control[which];
  } catch {
    return null; // e-mail and number inputs have no selection API
  }
};

/** Reads the static form just before the app replaces it, and stops holding submits. */
export function captureStaticForm(root: HTMLElement): StaticFormState {
  window.removeEventListener('submit', holdSubmit, true);
  const values: Record<string, StaticValue> = {};
  for (const control of root.querySelectorAll<Control>(
    'input[name], select[name], textarea[name]',
  )) {
    if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
      continue; // step 1 has none; a checkbox state cannot be told from its default
    }
    if (control.value === '') continue;
    const numeric = control instanceof HTMLInputElement && control.type === 'number';
    values[control.name] =
      numeric && Number.isFinite(Number(control.value)) ? Number(control.value) : control.value;
  }
  const active = document.activeElement;
  const key = active && active !== root && root.contains(active) ? focusKey(root, active) : null;
  const isControl =
    active instanceof HTMLInputElement ||
    active instanceof HTMLSelectElement ||
    active instanceof HTMLTextAreaElement;
  captured = values;
  return {
    values,
    focus: key
      ? {
          ...key,
          start: isControl ? caret(active, 'selectionStart') : null,
          end: isControl ? caret(active, 'selectionEnd') : null,
        }
      : null,
    submitted,
  };
}

/** What was typed into the static form, for the fields in `names` (read on the form's mount). */
export function staticValues(names: readonly string[]): Record<string, StaticValue> {
  const picked: Record<string, StaticValue> = {};
  for (const name of names) {
    const value = captured[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** Forgets the static values once the form has started from them. */
export function clearStaticValues(): void {
  captured = {};
}

/**
 * After the app rendered the form: focus and caret back where they were, a value the app's form
 * does not hold (the uncontrolled honeypot) put back, and a held submit replayed.
 */
export function restoreStaticForm(root: HTMLElement, state: StaticFormState): void {
  for (const [name, value] of Object.entries(state.values)) {
    const control = root.querySelector<Control>(`[name="${CSS.escape(name)}"]`);
    if (control && control.value === '') control.value = String(value);
  }
  if (state.focus) {
    const control = findByKey(root, state.focus);
    control?.focus({ preventScroll: true });
    if (
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
      state.focus.start !== null
    ) {
      try {
        control.setSelectionRange(state.focus.start, state.focus.end ?? state.focus.start);
      } catch {
        // no selection API on this input type
      }
    }
  }
  if (state.submitted) root.querySelector('form')?.requestSubmit();
}
