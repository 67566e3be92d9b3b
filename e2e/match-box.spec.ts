/**
 * My application's match box on a phone: the partner's address, however long, wraps inside the
 * box (a link is inline-flex in Chakra, so it kept one unbreakable box that ran off the screen).
 */
import { expect, test } from './fixtures';
import { isoDayOf, plusDays } from '@mentorship/domain';
import { call, firestore, tokenFor } from '../tests/support/api';
import { useFunctionParams } from '../tests/support/pairs';
import { seedCohort, seedPair } from '../tests/support/seed';
import { confirmWithLink, signInLinkFor } from './applicant-support';

const LONG_ADDRESS =
  'maximilian.alexander.featherstonehaugh-worthington@very-long-company-name.example.org';

test('a long partner address wraps inside the match box at 375 px', async ({ browser }) => {
  test.setTimeout(180_000);
  useFunctionParams();
  const admin = await tokenFor('admin');
  const cohort = await seedCohort(plusDays(isoDayOf(new Date()), -10));
  const pair = await seedPair(admin, cohort.id, {
    assignedOn: plusDays(isoDayOf(new Date()), -3),
  });
  await firestore().collection('mentors').doc(pair.mentorId).update({ email: LONG_ADDRESS });
  const res = await call('POST', '/api/me/sign-in-link', { body: { email: pair.studentEmail } });
  expect(res.status).toBe(202);
  const link = await signInLinkFor(pair.studentEmail);
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await confirmWithLink(page, link, pair.studentEmail);

  const address = page.getByRole('link', { name: LONG_ADDRESS });
  await expect(address).toBeVisible({ timeout: 60_000 });
  const [linkRight, lineRight] = await address.evaluate((a) => [
    a.getBoundingClientRect().right,
    (a.parentElement as HTMLElement).getBoundingClientRect().right,
  ]);
  expect(linkRight).toBeLessThanOrEqual((lineRight as number) + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
