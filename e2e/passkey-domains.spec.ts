/**
 * Passkeys on the site's own domain: a custom domain's stand-in (the local site under a second
 * name, SECOND_SITE_NAME) is one of the site's origins, so a coordinator enrols a passkey there,
 * bound to that domain, and confirms their next sign-in there with it. Every domain lists the
 * site's origins at `/.well-known/webauthn` (WebAuthn related origins), where browsers look
 * before they use a passkey of one domain on another.
 */
import { expect, test } from './fixtures';
import { SECOND_SITE_NAME } from '../scripts/lib/stack';
import {
  answerWithPasskey,
  createPasskey,
  enrolmentCodeFor,
  freshCoordinator,
  localUrl,
  NEW_COORDINATOR_PASSWORD,
  submitPassword,
  virtualAuthenticator,
} from './passkeys';

/** The site under its second name. */
const secondSiteUrl = (path: string) => {
  const url = new URL(localUrl(path));
  url.hostname = SECOND_SITE_NAME;
  return url.toString();
};

test('a passkey made on the custom domain is bound to it and confirms the next sign-in there', async ({
  browser,
}) => {
  const email = await freshCoordinator();
  const who = { email, password: NEW_COORDINATOR_PASSWORD };
  const page = await (await browser.newContext({ baseURL: secondSiteUrl('/') })).newPage();
  const authenticator = await virtualAuthenticator(page);
  const dashboard = page.getByRole('heading', { name: 'Admin Dashboard' });

  await page.goto('/admin/login');
  await submitPassword(page, who);
  await createPasskey(page, enrolmentCodeFor(email));
  await expect(dashboard).toBeVisible();
  expect((await authenticator.credentials()).map((c) => c.rpId)).toEqual([SECOND_SITE_NAME]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitPassword(page, who);
  await answerWithPasskey(page);
  await expect(dashboard).toBeVisible();
  expect(new URL(page.url()).hostname).toBe(SECOND_SITE_NAME);
});

test('every domain lists the origins whose pages may use its passkeys', async ({ page }) => {
  // Fetched by the browser, as WebAuthn does (Node does not resolve *.localhost names).
  for (const url of [localUrl('/.well-known/webauthn'), secondSiteUrl('/.well-known/webauthn')]) {
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toMatch(/^application\/json/);
    const { origins } = (await answer?.json()) as { origins: string[] };
    expect(origins).toEqual(
      expect.arrayContaining([new URL(localUrl('/')).origin, new URL(secondSiteUrl('/')).origin]),
    );
  }
});
