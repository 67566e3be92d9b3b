/**
 * A coordinator cancels a booked interview from the Interviews page, by keyboard alone: the
 * confirmation opens on its safe choice, Escape keeps the interview and gives focus back to the
 * button, confirming cancels it (a toast says so, the slot's row goes, focus moves to the slots'
 * heading) and the mentor is e-mailed the cancellation. Axe with the confirmation open at 375 and
 * 1280 px.
 */
import { expect, test } from './fixtures';
import { apiPaths, interviewPaths } from '@mentorship/domain';
import { mentorApplication } from '../tests/api/fixtures';
import { call, confirmApplicant, firestore, ownClient } from '../tests/support/api';
import {
  axeAtBothWidths,
  coordinatorPage,
  openAdminSection,
  sharedCoordinatorToken,
  unique,
} from './support';

test('a coordinator cancels a booked interview with the keyboard; the mentor is told', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  // The shared coordinator's confirmed session (a password sign-in would be unconfirmed, and on
  // the Auth emulator it would unconfirm the saved session every other spec opens).
  const adminToken = await sharedCoordinatorToken();
  const published = await call<{ slot: { id: string } }>('POST', interviewPaths.slots, {
    token: adminToken,
    body: {
      startsAt: new Date(Date.now() + 6 * 24 * 3_600_000).toISOString(),
      minutes: 20,
      place: 'video',
      where: `https://meet.example.org/cancel-${tag}`,
    },
  });
  expect(published.status).toBe(201);
  const application = { ...mentorApplication(tag), fullName: `Cy Cancel ${tag}` };
  const applied = await call<{ id: string }>('POST', apiPaths.mentorApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(applied.status).toBe(201);
  const mentorToken = await confirmApplicant(application.email);
  const booked = await call('PUT', interviewPaths.mine, {
    token: mentorToken,
    body: { slotId: published.body.slot.id },
  });
  expect(booked.status).toBe(200);

  const page = await coordinatorPage(browser);
  await openAdminSection(page, 'Interviews', 'Screening interviews');
  const button = page.getByRole('button', {
    name: new RegExp(`^Cancel interview with ${application.fullName}, `),
  });
  await expect(button).toBeVisible();
  // Its accessible name starts with what it shows (WCAG 2.5.3): axe checks it at both widths.
  await axeAtBothWidths(page, 'interviews page with a booked interview');
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Interview' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`with ${application.fullName}`);
  await expect(dialog.getByRole('button', { name: 'Keep interview' })).toBeFocused();
  await axeAtBothWidths(page, 'interviews page cancel confirmation');

  // Escape keeps it: nothing changed, focus back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(
    (await firestore().collection('interviewBookings').doc(applied.body.id).get()).get('status'),
  ).toBe('booked');

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Keep interview' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel interview' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Interview Cancelled', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Interview cancelled. The mentor was e-mailed and can book another time.'),
  ).toBeVisible();
  await expect(button).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Slots' })).toBeFocused();

  const booking = await firestore().collection('interviewBookings').doc(applied.body.id).get();
  expect(booking.get('status')).toBe('cancelled');
  const told = await firestore()
    .collection('mail')
    .where('subjectId', '==', applied.body.id)
    .where('kind', '==', 'interview-cancelled')
    .get();
  expect(told.docs.flatMap((d) => d.get('to') as string[])).toContain(application.email);
});
