/**
 * How every e-mail of the program is put together: a subject and paragraphs, made into a plain-text
 * part and an HTML part in which every value that comes from a person is escaped (a name like
 * `<b>x</b>` arrives as text), with the program's sign-off. The texts themselves are in
 * templates.ts; which kind each one writes, to whom and when, in catalogue.ts.
 */
import { PROGRAM } from '../program';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it, in the Trigger Email extension's shape (nodemailer's): an invitation's `.ics`. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/**
 * Where a one-time sign-in link goes in a message at rest. The outbox stores the message with
 * this mark; the sender makes the link (Firebase Auth, Admin SDK) just before the SMTP send and
 * puts it in (`fillSignInLink`), so a stored message never holds a working credential and the
 * request that caused it needs no call to Firebase Auth.
 */
export const SIGN_IN_LINK_PLACEHOLDER = '[[sign-in-link]]';

/** What a download of someone's data shows instead of the link the message carried. */
export const SIGN_IN_LINK_AT_REST =
  '(a one-time sign-in link, made when the e-mail was sent and not kept)';

/** The message with its link in place: as typed in the text part, escaped in the HTML part. */
export function fillSignInLink(message: EmailContent, link: string): EmailContent {
  return {
    subject: message.subject,
    text: message.text.split(SIGN_IN_LINK_PLACEHOLDER).join(link),
    html: message.html.split(SIGN_IN_LINK_PLACEHOLDER).join(escapeHtml(link)),
  };
}

/**
 * A message as paragraphs. Text parts keep the lines as they are; the HTML part escapes every
 * paragraph (lines starting with "- " become a list) and adds only the program's own markup.
 */
export function composeEmail(subject: string, paragraphs: (string | string[])[]): EmailContent {
  const text = paragraphs
    .map((p) => (Array.isArray(p) ? p.map((line) => `- ${line}`).join('\n') : p))
    .join('\n\n');
  const body = paragraphs
    .map((p) =>
      Array.isArray(p)
        ? `<ul>${p.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
        : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a202c">${body}</body></html>`;
  return { subject, text, html };
}

/** The program's sign-off, the last paragraph of every message to a person. */
export const EMAIL_SIGN_OFF = `Warm regards,\nThe ${PROGRAM.name} team\n${PROGRAM.mail.contact}`;

/** Like `compose`, with link buttons in the HTML part (the text part lists label and address). */
export function composeWithActions(
  subject: string,
  before: (string | string[])[],
  actions: { label: string; href: string }[],
  after: (string | string[])[],
): EmailContent {
  const text = composeEmail(subject, [
    ...before,
    actions.map((a) => `${a.label}: ${a.href}`),
    ...after,
  ]).text;
  const buttons = `<p>${actions
    .map(
      (a) =>
        `<a href="${escapeHtml(a.href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;background:#1e40af;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(a.label)}</a>`,
    )
    .join('')}</p>`;
  const head = composeEmail(subject, before).html.replace(/<\/body><\/html>$/, '');
  const tail = composeEmail(subject, after).html.replace(/^[\s\S]*?<body[^>]*>/, '');
  return { subject, text, html: `${head}\n${buttons}\n${tail}` };
}
