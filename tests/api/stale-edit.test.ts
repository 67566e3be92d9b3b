/**
 * A coordinator's Edit form saves over the record as it was when the form opened (`?version=`,
 * its updatedAt): a change made meanwhile (the applicant's own correction, another coordinator's
 * edit) is never silently reverted. The stale save answers 409 and writes nothing. The same
 * holds the other way: the applicant's correction on My application carries the version it showed.
 */
import {
  apiPaths,
  myApplicationPaths,
  type MyApplication,
  type MyApplicationsResponse,
  RECORD_CHANGED_MESSAGE,
  type StudentRecord,
  studentRecordSchema,
  withVersion,
} from '@mentorship/domain';
import { call, confirmApplicant, firestore } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { apply } from '../support/seed';

jest.setTimeout(60_000);

it('refuses a save over a record the applicant corrected after the form opened, and keeps both', async () => {
  // Stored (201), or apply fails.
  const { id, application } = await apply('student');
  const url = apiPaths.admin.student(id);

  // The coordinator opens the Edit form: the record and its version.
  const opened = await call<StudentRecord>('GET', url, { token: admin });
  expect(opened.status).toBe(200);

  // Meanwhile the applicant corrects their phone number on My application.
  const applicant = await confirmApplicant(application.emailAddress);
  const { emailAddress: _email, ...answers } = application;
  void _email;
  const corrected = await call('PUT', myApplicationPaths.application('student'), {
    token: applicant,
    body: { ...answers, phoneNumber: '+1 555 0100 222' },
  });
  expect(corrected.status).toBe(200);

  // The coordinator saves the form as it was opened, with a change of their own.
  const form = {
    ...studentRecordSchema.cast(opened.body, { stripUnknown: true }),
    mentorshipGoals: 'Edited by the coordinator',
  };
  const stale = await call<{ error: { message: string } }>(
    'PUT',
    withVersion(url, opened.body.updatedAt),
    { token: admin, body: form },
  );
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toBe(RECORD_CHANGED_MESSAGE);
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored?.phoneNumber).toBe('+1 555 0100 222');
  expect(stored?.mentorshipGoals).not.toBe('Edited by the coordinator');

  // Reopened, the form holds the correction; saved with the new version, the edit lands.
  const reopened = await call<StudentRecord>('GET', url, { token: admin });
  const saved = await call<StudentRecord>('PUT', withVersion(url, reopened.body.updatedAt), {
    token: admin,
    body: { ...form, phoneNumber: reopened.body.phoneNumber },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    phoneNumber: '+1 555 0100 222',
    mentorshipGoals: 'Edited by the coordinator',
  });
});

it("refuses an applicant's correction over a record a coordinator edited after My application showed it", async () => {
  // Stored (201), or apply fails.
  const { id, application } = await apply('student');
  const url = apiPaths.admin.student(id);
  const mine = myApplicationPaths.application('student');

  // The applicant opens My application: their answers and the record's version.
  const applicant = await confirmApplicant(application.emailAddress);
  const shown = await call<MyApplicationsResponse>('GET', myApplicationPaths.me, {
    token: applicant,
  });
  expect(shown.status).toBe(200);
  const before = shown.body.applications.find((one) => one.role === 'student') as MyApplication;
  expect(before.answers.phoneNumber).toBe(application.phoneNumber);

  // Meanwhile a coordinator corrects the phone number the applicant gave them by e-mail.
  const opened = await call<StudentRecord>('GET', url, { token: admin });
  const edited = await call('PUT', withVersion(url, opened.body.updatedAt), {
    token: admin,
    body: {
      ...studentRecordSchema.cast(opened.body, { stripUnknown: true }),
      phoneNumber: '+1 555 0100 333',
    },
  });
  expect(edited.status).toBe(200);

  // The applicant saves the form as it was shown, changing only their name: the old phone
  // number in the form would otherwise be written back over the coordinator's.
  const { emailAddress: _email, ...answers } = application;
  void _email;
  const stale = await call<{ error: { message: string } }>(
    'PUT',
    withVersion(mine, before.updatedAt),
    { token: applicant, body: { ...answers, fullName: 'Renamed Applicant' } },
  );
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toBe(RECORD_CHANGED_MESSAGE);
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored?.phoneNumber).toBe('+1 555 0100 333');
  expect(stored?.fullName).toBe(application.fullName);

  // Reloaded, the page shows the coordinator's number; saved with the new version, the name lands.
  const again = await call<MyApplicationsResponse>('GET', myApplicationPaths.me, {
    token: applicant,
  });
  const after = again.body.applications.find((one) => one.role === 'student') as MyApplication;
  expect(after.answers.phoneNumber).toBe('+1 555 0100 333');
  const saved = await call<MyApplication>('PUT', withVersion(mine, after.updatedAt), {
    token: applicant,
    body: { ...answers, phoneNumber: '+1 555 0100 333', fullName: 'Renamed Applicant' },
  });
  expect(saved.status).toBe(200);
  const final = (await firestore().collection('students').doc(id).get()).data();
  expect(final).toMatchObject({ phoneNumber: '+1 555 0100 333', fullName: 'Renamed Applicant' });
});
