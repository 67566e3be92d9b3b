/**
 * A coordinator's Edit form saves over the record as it was when the form opened (`?version=`,
 * its updatedAt): a change made meanwhile (the applicant's own correction, another coordinator's
 * edit) is never silently reverted. The stale save answers 409 and writes nothing.
 */
import {
  API,
  RECORD_CHANGED_MESSAGE,
  apiUrl,
  studentRecordSchema,
  withVersion,
  type StudentRecord,
} from '@mentorship/domain';
import { call, confirmApplicant, firestore } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { apply } from '../support/seed';

jest.setTimeout(60_000);

it('refuses a save over a record the applicant corrected after the form opened, and keeps both', async () => {
  // Stored (201), or apply fails.
  const { id, application } = await apply('student');
  const url = apiUrl(API.student, { id });

  // The coordinator opens the Edit form: the record and its version.
  const opened = await call<StudentRecord>('GET', url, { token: admin });
  expect(opened.status).toBe(200);

  // Meanwhile the applicant corrects their phone number on My application.
  const applicant = await confirmApplicant(application.emailAddress);
  const { emailAddress: _email, ...answers } = application;
  void _email;
  const corrected = await call('PUT', apiUrl(API.myApplication, { role: 'student' }), {
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
