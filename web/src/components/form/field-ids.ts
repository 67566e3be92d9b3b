/**
 * Ids used by the form fields, so that a form can find a field's control (to focus it) and a
 * control can point at its helper and error texts.
 */
export const fieldControlId = (name: string, id?: string): string => id ?? `field-${name}`;
export const fieldErrorId = (controlId: string): string => `${controlId}-error`;
export const fieldHelperId = (controlId: string): string => `${controlId}-helper`;

/** `aria-describedby` for a control: its helper text, then its error when one is showing. */
export const describedBy = (
  controlId: string,
  hasHelper: boolean,
  showError: boolean,
): string | undefined =>
  [hasHelper && fieldHelperId(controlId), showError && fieldErrorId(controlId)]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * Moves keyboard focus to a field's control: the input itself, or the first option of a
 * ToggleGroupField. Returns false when the field is not on screen.
 */
export function focusField(name: string, id?: string): boolean {
  const element = document.getElementById(fieldControlId(name, id));
  if (!element) return false;
  const target =
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
      ? element
      : element.querySelector<HTMLElement>('input, select, textarea, button');
  if (!target) return false;
  target.focus();
  return document.activeElement === target;
}
