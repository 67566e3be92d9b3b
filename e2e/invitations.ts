/**
 * Calendar invitations as they reach the local inbox: MailDev keeps the .ics attachment, and the
 * browser tests read it back with ical.js (an independent parser: the files are written by the
 * `ics` library, functions/src/interviews/invitations.ts).
 */
import { expect } from '@playwright/test';
import ICAL from 'ical.js';
import { mailsTo, type InboxMail } from '../tests/support/inbox';
import { requiredEnv } from './support';

/** The e-mails to `address` whose subject matches, oldest first. */
export async function mailsWithSubject(address: string, subject: RegExp): Promise<InboxMail[]> {
  return (await mailsTo(address)).filter((m) => subject.test(m.subject));
}

/** The .ics of the newest matching e-mail, as delivered, once it has arrived. */
export async function deliveredIcs(address: string, subject: RegExp): Promise<string> {
  let mail: InboxMail | undefined;
  await expect
    .poll(async () => (mail = (await mailsWithSubject(address, subject)).at(-1)) !== undefined, {
      timeout: 45_000,
    })
    .toBe(true);
  const file = mail?.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
  expect(file, `an .ics on "${mail?.subject}"`).toBeDefined();
  const res = await fetch(
    `${requiredEnv('MAILDEV_URL')}/api/email/${mail?.id}/attachment/${file?.generatedFileName}`,
  );
  expect(res.ok).toBe(true);
  return res.text();
}

/** What the tests check of an invitation: its method, event UID and SEQUENCE, and its start. */
export function readIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event?.getFirstPropertyValue('uid'),
    sequence: Number(event?.getFirstPropertyValue('sequence')),
    utc: start.zone?.tzid === 'UTC',
    start: start.toJSDate().toISOString(),
  };
}
