/**
 * E-mail through the whole stack: the API writes a message in the transaction of a change, the
 * Firestore-triggered `deliverMail` sends it over SMTP, and it lands in the stack's MailDev,
 * whose REST API these tests read. Every test uses fresh addresses, so other tests' mail (the
 * suites share one inbox) never counts.
 */
import { PROGRAM, PUBLIC_CAPS, linkPlaceholder, type ApiErrorBody } from '@mentorship/domain';
import { deliverMessage, sweepOutbox } from '../../functions/src/email/deliver';
import { smtpSender } from '../../functions/src/email/transport';
import { registerFeatures } from '../../functions/src/register-features';
import { mentorApplication, studentApplication } from '../factories';
import { assign, createMentor } from '../support/seed';
import { useFunctionParams } from '../support/pairs';
import {
  call,
  confirmApplicant,
  firestore,
  ownClient,
  requiredEnv,
  uniqueSuffix,
} from '../support/api';
import { inbox, mailsTo, settledMailsTo, type InboxMail } from '../support/inbox';
import { coordinatorToken as token } from '../support/coordinator';

// The outbox makes each feature's links from the start-up's table, as the deployed function does.
registerFeatures();

// Delivery is asynchronous (a trigger, then SMTP): waits are bounded, never fixed sleeps.
jest.setTimeout(90_000);

/**
 * Polls until `count` e-mails to `address` arrived; then, rather than waiting a guessed while for
 * a stray one, until nothing more is queued to it (settledMailsTo).
 */
async function mailTo(address: string, count = 1, timeoutMs = 30_000): Promise<InboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await mailsTo(address);
    if (found.length >= count) return settledMailsTo([address]);
    await new Promise((r) => setTimeout(r, 250));
  }
  return mailsTo(address);
}

/** The outbox documents about one record or pair. */
const outbox = async (subjectId: string) =>
  (await firestore().collection('mail').where('subjectId', '==', subjectId).get()).docs;

async function waitForDelivery(subjectId: string, state: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const docs = await outbox(subjectId);
    if (docs.length > 0 && docs.every((d) => d.get('delivery.state') === state)) return docs;
    if (Date.now() > deadline) {
      throw new Error(
        `delivery of ${subjectId} did not reach ${state}: ${JSON.stringify(docs.map((d) => d.get('delivery')))}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const control = (action: 'down' | 'up') =>
  fetch(`${requiredEnv('MAIL_CONTROL_URL')}/${action}`, { method: 'POST' });

const publicPost = (path: string, body: unknown) =>
  call<{ id: string }>('POST', path, {
    headers: ownClient(),
    body,
  });

afterEach(async () => {
  await control('up');
});

describe('application received', () => {
  it('writes once to the student with the confirmation link, and to the coordinators only once confirmed', async () => {
    const application = studentApplication();
    const res = await publicPost('/api/student-registration', application);
    expect(res.status).toBe(201);

    const mine = await mailTo(application.emailAddress);
    expect(mine).toHaveLength(1);
    const [mail] = mine as [InboxMail];
    expect(mail.to.map((r) => r.address)).toEqual([application.emailAddress]);
    expect(mail.subject).toBe(`We received your application to ${PROGRAM.name}`);
    expect(mail.text).toContain(`Hello ${application.fullName},`);
    expect(mail.text).toContain('within 3-5 business days');
    expect(mail.text).not.toContain('screening interview');
    expect(mail.text).toMatch(/\/my-application\/sign-in\?\S*mode=signIn\S*oobCode=/);
    // The stored message holds no working link: it is made at the send.
    const [stored] = await outbox(res.body.id);
    expect(stored?.get('kind')).toBe('application-received');
    expect(stored?.get('message.text')).toContain(linkPlaceholder(0));
    expect(stored?.get('links')).toEqual([{ kind: 'sign-in', email: application.emailAddress }]);
    expect(JSON.stringify(stored?.data())).not.toContain('oobCode');

    const alerts = () =>
      inbox().then((all) =>
        all.filter((m) => m.subject === `New student application: ${application.fullName}`),
      );
    // Not before the applicant confirms their address.
    expect(await alerts()).toHaveLength(0);
    await confirmApplicant(application.emailAddress);
    const deadline = Date.now() + 30_000;
    while ((await alerts()).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const coordinators = await alerts();
    expect(coordinators).toHaveLength(1);
    expect(coordinators[0]?.to.map((r) => r.address)).toEqual([
      'coordinators@bridgementorship.org',
    ]);
    // Coordinators get the name and the record, not the applicant's contact details.
    expect(coordinators[0]?.text).toContain(res.body.id);
    expect(coordinators[0]?.text).not.toContain(application.emailAddress);
    expect(coordinators[0]?.text).not.toContain(application.phoneNumber ?? '+1 555 0101');
  });

  it('tells a mentor about the 15-20 minute screening interview and orientation', async () => {
    const application = mentorApplication();
    expect((await publicPost('/api/mentor-registration', application)).status).toBe(201);
    const [mail] = (await mailTo(application.email)) as [InboxMail];
    expect(mail.text).toContain('15-20 minute screening interview');
    expect(mail.text).toContain('Orientation');
  });

  it('a duplicate tells the address owner, stores nothing and sends coordinators nothing', async () => {
    const application = studentApplication();
    expect((await publicPost('/api/student-registration', application)).status).toBe(201);
    const again = await publicPost('/api/student-registration', {
      ...application,
      fullName: `${application.fullName} Again`,
    });
    expect(again.status).toBe(201);
    // The first application's confirmation, then the notice (which names nobody).
    const mine = await mailTo(application.emailAddress, 2);
    expect(mine.map((m) => m.subject).sort()).toEqual(
      [
        `We received your application to ${PROGRAM.name}`,
        `Your application to ${PROGRAM.name}`,
      ].sort(),
    );
    const notice = mine.find((m) => m.subject === `Your application to ${PROGRAM.name}`);
    expect(notice?.text).toContain('An application for this address already exists');
    expect(notice?.text).not.toContain(application.fullName);
    expect(
      (await inbox()).filter((m) => m.subject.endsWith(`${application.fullName} Again`)),
    ).toHaveLength(0);
  });

  it('caps what one address receives: past the daily cap the form is refused, never stored without its confirmation', async () => {
    const application = studentApplication();
    const other = { ...studentApplication(), emailAddress: application.emailAddress };
    expect((await publicPost('/api/student-registration', application)).status).toBe(201);
    for (let i = 1; i < PUBLIC_CAPS.emailsPerRecipientPerDay; i++) {
      expect((await publicPost('/api/student-registration', application)).status).toBe(201);
    }
    // Past the cap, a new application (as a mentor: nothing of this role yet) and a duplicate
    // are refused alike, naming when to try again; neither is stored.
    for (const [path, body] of [
      ['/api/mentor-registration', { ...mentorApplication(), email: application.emailAddress }],
      ['/api/student-registration', other],
    ] as const) {
      const refused = await publicPost(path, body);
      expect(refused.status).toBe(429);
      expect((refused.body as unknown as ApiErrorBody).error.message).toMatch(
        /^You have sent too many applications for now, so this one was not sent and nothing was changed\. Please try again after /,
      );
    }
    const mentors = await firestore()
      .collection('mentors')
      .where('email', '==', application.emailAddress)
      .get();
    expect(mentors.size).toBe(0);
    // PUBLIC_CAPS.emailsPerRecipientPerDay: the confirmation and two notices, whatever follows.
    const mine = await mailTo(application.emailAddress, PUBLIC_CAPS.emailsPerRecipientPerDay);
    expect(mine).toHaveLength(PUBLIC_CAPS.emailsPerRecipientPerDay);
    expect(await settledMailsTo([application.emailAddress])).toHaveLength(
      PUBLIC_CAPS.emailsPerRecipientPerDay,
    );
  });

  it('escapes what an applicant wrote: markup in a name arrives as text', async () => {
    const application = {
      ...studentApplication(),
      fullName: `<b>Bold</b> <a href="https://evil.example">x</a> ${uniqueSuffix()}`,
    };
    expect((await publicPost('/api/student-registration', application)).status).toBe(201);
    const [mail] = (await mailTo(application.emailAddress)) as [InboxMail];
    expect(mail.html).toContain(
      'Hello &lt;b&gt;Bold&lt;/b&gt; &lt;a href=&quot;https://evil.example&quot;&gt;x&lt;/a&gt;',
    );
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).not.toContain('href="https://evil.example"');
  });
});

describe('application approved', () => {
  it('writes once when a coordinator first activates an application awaiting review', async () => {
    const application = studentApplication();
    const { body } = await publicPost('/api/student-registration', application);
    await mailTo(application.emailAddress);
    await confirmApplicant(application.emailAddress);
    const status = (isActive: boolean) =>
      call('PUT', `/api/admin/students/${body.id}/status`, { token, body: { isActive } });
    expect((await status(true)).status).toBe(200);
    // Deactivating and activating again is not a second approval.
    expect((await status(false)).status).toBe(200);
    expect((await status(true)).status).toBe(200);

    const mails = await mailTo(application.emailAddress, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `We received your application to ${PROGRAM.name}`,
      `Your application to ${PROGRAM.name} is approved`,
    ]);
  });

  it('sends nothing when a record a coordinator made is activated', async () => {
    const email = `made.${uniqueSuffix()}@mentors.example.com`;
    const id = await createMentor(token, { email, isActive: false });
    expect(
      (await call('PUT', `/api/admin/mentors/${id}/status`, { token, body: { isActive: true } }))
        .status,
    ).toBe(200);
    expect(await settledMailsTo([email])).toHaveLength(0);
    expect(await outbox(id)).toHaveLength(0);
  });
});

describe('a new pair', () => {
  it('introduces the student and the mentor to each other, once each', async () => {
    const mentorEmail = `pair.mentor.${uniqueSuffix()}@mentors.example.com`;
    const studentEmail = `pair.student.${uniqueSuffix()}@student.example.edu`;
    const mentorId = await createMentor(token, {
      fullName: 'Grace Pair',
      email: mentorEmail,
      currentJobTitle: 'Staff Engineer',
      company: 'Example Corp',
    });
    const student = await call<{ id: string }>('POST', '/api/admin/students', {
      token,
      body: { fullName: 'Hugo Pair', emailAddress: studentEmail, universityName: 'State U' },
    });
    const made = await assign(token, mentorId, student.body.id);
    expect(made.status).toBe(201);

    const [toStudent] = (await mailTo(studentEmail)) as [InboxMail];
    expect(toStudent.subject).toBe('Meet your mentor: Grace Pair');
    expect(toStudent.text).toContain(`You can reach Grace Pair at ${mentorEmail}.`);
    expect(toStudent.text).toContain('Staff Engineer at Example Corp');
    expect(toStudent.text).toContain('/conduct');
    expect(toStudent.to.map((r) => r.address)).toEqual([studentEmail]);
    const [toMentor] = (await mailTo(mentorEmail)) as [InboxMail];
    expect(toMentor.subject).toBe('Meet your student: Hugo Pair');
    expect(toMentor.text).toContain(`You can reach Hugo Pair at ${studentEmail}.`);
    expect(toMentor.to.map((r) => r.address)).toEqual([mentorEmail]);

    // Deactivated and re-activated: the same pair, no second introduction.
    const path = `/api/admin/assignments/${made.body.id}/status`;
    expect((await call('PUT', path, { token, body: { isActive: false } })).status).toBe(200);
    expect((await call('PUT', path, { token, body: { isActive: true } })).status).toBe(200);
    expect(await settledMailsTo([studentEmail])).toHaveLength(1);
    expect(await outbox(made.body.id)).toHaveLength(2);
  });

  it('sends nothing for a refused pair', async () => {
    const mentorEmail = `full.${uniqueSuffix()}@mentors.example.com`;
    const mentorId = await createMentor(token, { email: mentorEmail, capacity: 1 });
    const first = await call<{ id: string }>('POST', '/api/admin/students', {
      token,
      body: { fullName: 'First Pair', emailAddress: `first.${uniqueSuffix()}@student.example.edu` },
    });
    const second = await call<{ id: string }>('POST', '/api/admin/students', {
      token,
      body: {
        fullName: 'Second Pair',
        emailAddress: `second.${uniqueSuffix()}@student.example.edu`,
      },
    });
    expect((await assign(token, mentorId, first.body.id)).status).toBe(201);
    expect((await assign(token, mentorId, second.body.id)).status).toBe(409);
    expect(await settledMailsTo([mentorEmail])).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('SMTP down, then up: the message is retried and delivered once, and its state says so', async () => {
    expect((await control('down')).status).toBe(204);
    const application = studentApplication();
    const { body } = await publicPost('/api/student-registration', application);

    // A failed attempt is recorded while the SMTP server is unreachable.
    const deadline = Date.now() + 30_000;
    let failed: { id: string; delivery: FirebaseFirestore.DocumentData } | undefined;
    while (Date.now() < deadline && !failed) {
      const docs = await outbox(body.id);
      const doc = docs.find((d) => d.get('delivery.state') === 'RETRY');
      if (doc) failed = { id: doc.id, delivery: doc.get('delivery') };
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(failed?.delivery).toMatchObject({ state: 'RETRY', attempts: 1 });
    expect(String(failed?.delivery.error)).not.toBe('');
    expect(await mailTo(application.emailAddress, 1, 1000)).toHaveLength(0);

    expect((await control('up')).status).toBe(204);
    // The retry is the outbox sweep's (the scheduled sweepMail, which the emulator does not
    // run): called here as of the failed attempt's next time.
    useFunctionParams();
    const send = smtpSender(
      () => requiredEnv('MAIL_SMTP_URL'),
      () => 'Bridge Mentorship Program <hello@bridgementorship.org>',
    );
    await sweepOutbox(send, new Date(Date.now() + 2 * 60_000));
    const delivered = await waitForDelivery(body.id, 'SUCCESS');
    const retried = delivered.find((d) => d.id === failed?.id);
    // The message that failed was sent by a later attempt, and its record says so.
    expect(retried?.get('delivery.attempts')).toBeGreaterThanOrEqual(2);
    for (const doc of delivered) {
      expect(doc.get('delivery.error')).toBeNull();
      expect(doc.get('delivery.endTime')).toBeDefined();
      expect(doc.get('delivery.info.accepted')).toHaveLength(1);
    }
    expect(await mailTo(application.emailAddress)).toHaveLength(1);
  });

  it('a trigger delivered again sends nothing: a sent message is never sent twice', async () => {
    const application = studentApplication();
    const { body } = await publicPost('/api/student-registration', application);
    const [doc] = await waitForDelivery(body.id, 'SUCCESS');
    const send = jest.fn();
    // The same work the trigger does, run again for an already delivered message.
    await deliverMessage(doc?.id as string, send);
    expect(send).not.toHaveBeenCalled();
    expect(await mailTo(application.emailAddress)).toHaveLength(1);
  });
});
