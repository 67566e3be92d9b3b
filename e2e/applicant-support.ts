/** The applicant's side in browser tests: their e-mail link from the stack's MailDev inbox. */
import { expect, type Page } from '@playwright/test';
import { mailsTo } from '../tests/support/inbox';

const LINK = /https?:\/\/\S+\/my-application\/sign-in\?\S+/;

/** The newest sign-in link e-mailed to `address` (waits for it). */
export async function signInLinkFor(address: string, count = 1): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await mailsTo(address))
          .map((m) => LINK.exec(m.text)?.[0])
          .filter((l): l is string => Boolean(l));
        return links.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links[0] as string;
}

/** Opens the link and confirms: the applicant lands on My application. */
export async function confirmWithLink(page: Page, link: string, email?: string): Promise<void> {
  await page.goto(link);
  if (email) await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  // Exactly: the sign-in page's own heading, "Check my application", would match the words and
  // pass before the confirmation has been sent.
  await expect(
    page.getByRole('heading', { name: 'My application', level: 1, exact: true }),
  ).toBeVisible();
}

/** The erasure scan (tests/support/erasure.ts), shared with the integration tests. */
export { everyDocument, leftoversOf } from '../tests/support/erasure';
