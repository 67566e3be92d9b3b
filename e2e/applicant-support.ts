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
  await expect(page.getByRole('heading', { name: 'My application', level: 1 })).toBeVisible();
}

/** Every document of the database, subcollections included, as path + JSON. */
export async function everyDocument(): Promise<{ path: string; json: string }[]> {
  const { firestore } = await import('../tests/support/api');
  const out: { path: string; json: string }[] = [];
  type Parent = { listCollections(): Promise<FirebaseFirestore.CollectionReference[]> };
  const walk = async (parent: Parent) => {
    for (const collection of await parent.listCollections()) {
      for (const ref of await collection.listDocuments()) {
        const snapshot = await ref.get();
        if (snapshot.exists) out.push({ path: ref.path, json: JSON.stringify(snapshot.data()) });
        await walk(ref);
      }
    }
  };
  await walk(firestore());
  return out;
}

/**
 * The documents that still hold any of `needles` (case-insensitive), except what the README
 * says stays after an erasure: the person's id in history entries (`audit`).
 */
export async function leftoversOf(needles: string[], id: string) {
  const found: string[] = [];
  for (const { path, json } of await everyDocument()) {
    const text = path.startsWith('audit/') ? json.split(id).join('') : `${path} ${json}`;
    const lower = text.toLowerCase();
    for (const needle of needles) {
      if (lower.includes(needle.toLowerCase())) found.push(`${path}: ${needle}`);
    }
  }
  return found;
}
