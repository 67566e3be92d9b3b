/**
 * The local inbox (MailDev, tests/support/inbox.ts) as the browser tests read it: the messages
 * to an address once they have arrived, and the links in them as the page under test opens them.
 */
import { expect } from '@playwright/test';
import { mailsTo, type InboxMail } from '../tests/support/inbox';
import { linksOf } from './mail-scanner';

/** The mails to `address` once `count` of them whose subject matches have arrived. */
export async function mailsFor(address: string, subject: RegExp, count = 1): Promise<InboxMail[]> {
  let found: InboxMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((m) => subject.test(m.subject));
        return found.length;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The mail's link that matches `path` (in its text or HTML part). */
export const linkTo = (mail: InboxMail, path: RegExp): string => {
  const link = linksOf(mail).find((l) => path.test(l));
  if (!link) throw new Error(`No ${path} link in "${mail.subject}"`);
  return link;
};

/** A link's path, query and hash: the page under test opens it on the test stack's site. */
export const pathOf = (link: string | URL) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
};
