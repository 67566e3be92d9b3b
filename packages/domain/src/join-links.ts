/**
 * The one rule of a link people join from: a screening interview's video call, an orientation's
 * or the closing event's online place. Both forms (web and server alike, through the shared
 * schemas) accept exactly these links, and every one of them goes into the calendar invitation
 * as it is stored.
 *
 * A link is `https://`, a host name whose labels are letters, digits and inner hyphens (a label
 * never starts or ends with one, as host names are defined) ending in a top-level name of
 * letters, an optional port from 1 to 65535, then a path, query or fragment without spaces.
 * The scheme and the host are stored in lower case, as browsers and calendars read them anyway
 * (`https://Zoom.us/j/123` is kept as `https://zoom.us/j/123`); the rest is kept as written,
 * since a meeting's path or code may be case-sensitive.
 */
/** The field's message for an https link that breaks the rule (a space, a host like `a-.org`). */
export const JOIN_LINK_MESSAGE =
  'Check the link: after https:// comes a site name of letters, digits, dots and hyphens (not at the start or end of a part), then an optional port and path without spaces.';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const JOIN_LINK = new RegExp(
  `^https://(?:${LABEL}\\.)+[a-z]{2,63}(?::(\\d{1,5}))?(?:[/?#][^\\s\\u0000-\\u001f\\u007f]*)?$`,
);

/** Scheme and host in lower case (the link otherwise unchanged); anything else as it is. */
export function normaliseJoinLink(value: string): string {
  const trimmed = value.trim();
  const match = /^(https?:\/\/)([^/?#]*)(.*)$/is.exec(trimmed);
  if (!match) return trimmed;
  const [, scheme = '', host = '', rest = ''] = match;
  return `${scheme.toLowerCase()}${host.toLowerCase()}${rest}`;
}

/** Whether a link (normalised first) is one the program accepts, and can put in a calendar. */
export function isJoinLink(value: string): boolean {
  const match = JOIN_LINK.exec(normaliseJoinLink(value));
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}
