/**
 * The recipient an address's mail reaches, as the caps count it (never the address mail is
 * sent to, which stays as typed). The rule:
 * - trimmed and lower-cased (`NAME@Example.org` is `name@example.org`);
 * - on every domain, a `+tag` after the local part is dropped (`name+1@x` is `name@x`): Gmail,
 *   Google Workspace, Outlook.com and Microsoft 365, iCloud, Proton, Fastmail and Yandex deliver
 *   `name+tag` to `name`, and most universities' mail is Workspace or Microsoft 365, so a list of
 *   public providers would miss the very addresses this program mails. Where `+` is part of a
 *   distinct mailbox (rare), the two share one allowance: a cap reached sooner, never a mail
 *   sent to the wrong person;
 * - gmail.com and googlemail.com are one domain that also ignores dots (`n.a.m.e@googlemail.com`
 *   is `name@gmail.com`).
 * Pure: unit-tested in recipient.test.ts.
 */
import { createHash } from 'node:crypto';

const DOMAIN_ALIASES: Readonly<Record<string, string>> = { 'googlemail.com': 'gmail.com' };
/** Domains whose local part ignores dots. */
const DOTS_IGNORED = new Set(['gmail.com']);

export function recipientKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domainPart = address.slice(at + 1);
  const domain = DOMAIN_ALIASES[domainPart] ?? domainPart;
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '') || local;
  return `${local}@${domain}`;
}

/** A counter's id part for the recipient: a hash, so no counter holds an address. */
export const recipientHash = (email: string): string =>
  createHash('sha256').update(recipientKey(email)).digest('hex').slice(0, 40);
