/**
 * Prerendered forms. The wizards' first step is static HTML that a person can read and type into
 * before the app has loaded (main.tsx starts the app on the first interaction). When the app
 * takes over, it renders the form anew in one synchronous step; this module carries across what
 * the static form held, so nothing is lost:
 * - the values typed (the wizard starts from them, over any saved draft);
 * - the focused field and its caret;
 * - a submit made before the app was there (Continue clicked, Enter pressed): held, since the
 *   browser would otherwise send the form as a GET with every answer in the URL, then replayed.
 * Plain DOM code: main.tsx imports it, so it must stay small.
 */

export type StaticValue = string | number;

export interface StaticFormState {
  values: Record<string, StaticValue>;
  focus: { name: string; start: number | null; end: number | null } | null;
  submitted: boolean;
}

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
  const focused =
    active && root.contains(active) && 'name' in active && typeof active.name === 'string'
      ? (active as Control)
      : null;
  captured = values;
  return {
    values,
    focus: focused?.name
      ? {
          name: focused.name,
          start: caret(focused, 'selectionStart'),
          end: caret(focused, 'selectionEnd'),
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
    const control = root.querySelector<Control>(`[name="${CSS.escape(state.focus.name)}"]`);
    control?.focus({ preventScroll: true });
    if (control && !(control instanceof HTMLSelectElement) && state.focus.start !== null) {
      try {
        control.setSelectionRange(state.focus.start, state.focus.end ?? state.focus.start);
      } catch {
        // no selection API on this input type
      }
    }
  }
  if (state.submitted) root.querySelector('form')?.requestSubmit();
}
