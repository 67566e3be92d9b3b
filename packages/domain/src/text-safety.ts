/**
 * Text that cannot disguise itself: what the schemas refuse in names and other text, and the
 * strict e-mail syntax. Pure, shared by the web forms and the server (schemas.ts uses these).
 *
 * - One-line fields (names, job titles, phone, ...) refuse every control character (line breaks
 *   and tabs included), Unicode line/paragraph separators, and the invisible direction marks and
 *   overrides that reorder what is displayed (a name that renders as "... exe.png Admin").
 * - Multi-line fields (motivation, summary, ...) allow line breaks and tabs, nothing else of that
 *   kind.
 * Zero-width joiners (U+200C, U+200D) stay allowed: Persian and Indic names need them.
 */

/** U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069: marks, embeddings, overrides, isolates. */
const BIDI_CONTROLS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
/** C0 and C1 controls and DEL; U+2028/U+2029 separators. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';

const ONE_LINE_FORBIDDEN = new RegExp(`[${CONTROLS}${BIDI_CONTROLS}]`, 'u');
// The same without \t (U+0009), \n (U+000A) and \r (U+000D).
const MULTI_LINE_FORBIDDEN = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`,
  'u',
);

export const hasHiddenCharacters = (value: string, multiLine = false): boolean =>
  (multiLine ? MULTI_LINE_FORBIDDEN : ONE_LINE_FORBIDDEN).test(value);

export const hiddenCharactersMessage = (label: string, multiLine = false): string =>
  multiLine
    ? `${label} cannot contain control characters or hidden text-direction marks.`
    : `${label} must be one line, without control characters or hidden text-direction marks.`;

/**
 * A strict address syntax, stricter than RFC 5322 on purpose: what people type and what every
 * mail server delivers to. Local part: letters, digits and . _ + - ' (no leading, trailing or
 * double dot; at most 64 characters); so never ? & % , or anything a mailto link would read as
 * a header. Domain: two or more labels of letters, digits and inner hyphens, a top-level
 * domain of letters (or an xn-- label). No quoted local parts, no IP-literal domains, no
 * non-ASCII (write an international domain in its xn-- form).
 */
const LOCAL_PART = /^[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isStrictEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1] as string);
}

/**
 * `mailto:` link for one address (RFC 6068): both halves percent-encoded, so whatever is stored
 * (also a record from before the strict syntax) can add no header (`?cc=`, `&subject=`).
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}
