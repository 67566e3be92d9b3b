/**
 * A coordinator's decision and the applicant's correction cannot overwrite each other.
 * The correction (`correctApplication`, what `PUT /api/me/{student|mentor}` runs) is called in this
 * process against the emulators, with the coordinator's approval (through the API) made exactly
 * between its first read of the record and its write: `editPerson`, the write, is wrapped so the
 * approval lands just before it starts.
 */
import type { StudentApplication } from '@mentorship/domain';
import { call, confirmApplicant, firestore, ownClient } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { studentApplication } from '../factories';

type EditPerson = typeof import('../../functions/src/people/repository').editPerson;
let beforeWrite: (() => Promise<void>) | null = null;

jest.mock('../../functions/src/people/repository', () => {
  const actual = jest.requireActual<typeof import('../../functions/src/people/repository')>(
    '../../functions/src/people/repository',
  );
  const editPerson: EditPerson = async (...args) => {
    const hook = beforeWrite;
    beforeWrite = null;
    if (hook) await hook();
    return actual.editPerson(...args);
  };
  return { ...actual, editPerson };
});

// Imported after the mock (jest hoists jest.mock above imports anyway).
import { correctApplication } from '../../functions/src/my-application/service';

jest.setTimeout(60_000);

/** A confirmed application awaiting review; its answers as stored (what My application shows). */
async function awaitingReview(): Promise<{ id: string; application: StudentApplication }> {
  const application = studentApplication();
  const res = await call<{ id: string }>('POST', '/api/student-registration', {
    headers: ownClient(),
    body: application,
  });
  expect(res.status).toBe(201);
  await confirmApplicant(application.emailAddress);
  return { id: res.body.id, application };
}

const approveMeanwhile = (id: string) => async () => {
  const approved = await call('PUT', `/api/admin/students/${id}/review`, {
    token: admin,
    body: { decision: 'approve' },
  });
  expect(approved.status).toBe(200);
};

const answersOf = (application: StudentApplication): Record<string, unknown> => {
  const { emailAddress: _email, ...answers } = application;
  return answers;
};

it('an approval made while a correction of contact details is under way stays', async () => {
  const { id, application } = await awaitingReview();
  beforeWrite = approveMeanwhile(id);
  const result = await correctApplication(application.emailAddress, 'student', {
    ...answersOf(application),
    phoneNumber: '+1 555 0404',
  });
  expect(beforeWrite).toBeNull(); // the approval did happen in between
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored).toMatchObject({
    reviewStatus: 'approved',
    isActive: true,
    phoneNumber: '+1 555 0404',
  });
  expect(result.status).toBe('approved');
});

it('a correction of answers is refused when an approval came first, and changes nothing', async () => {
  const { id, application } = await awaitingReview();
  beforeWrite = approveMeanwhile(id);
  await expect(
    correctApplication(application.emailAddress, 'student', {
      ...answersOf(application),
      careerInterests: 'Quantum computing',
    }),
  ).rejects.toMatchObject({ code: 'failed-precondition' });
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored).toMatchObject({ reviewStatus: 'approved', isActive: true });
  expect(stored?.careerInterests ?? null).toBeNull();
});

it('a correction writes only what the applicant changed: a coordinator’s edit made meanwhile stays', async () => {
  const { id, application } = await awaitingReview();
  beforeWrite = async () => {
    await firestore()
      .collection('students')
      .doc(id)
      .update({ universityName: 'McGill University' });
  };
  await correctApplication(application.emailAddress, 'student', {
    ...answersOf(application),
    careerInterests: 'Robotics',
  });
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored).toMatchObject({
    universityName: 'McGill University',
    careerInterests: 'Robotics',
    reviewStatus: 'awaiting',
  });
});

it('a coordinator’s edit form opened before a decline or a withdrawal does not make the record active again', async () => {
  // Approved (active), then the coordinator opens the edit form: it holds isActive: true.
  const { id, application } = await awaitingReview();
  await approveMeanwhile(id)();
  const form = (
    await call<Record<string, unknown>>('GET', `/api/admin/students/${id}`, {
      token: admin,
    })
  ).body;
  expect(form.isActive).toBe(true);
  // Meanwhile the applicant withdraws.
  const signIn = await confirmApplicant(application.emailAddress);
  expect((await call('POST', '/api/me/student/withdraw', { token: signIn })).status).toBe(200);
  const save = await call('PUT', `/api/admin/students/${id}`, {
    token: admin,
    body: {
      fullName: form.fullName,
      emailAddress: form.emailAddress,
      phoneNumber: '+1 555 0505',
      isActive: form.isActive,
    },
  });
  expect(save.status).toBe(409);
  const stored = (await firestore().collection('students').doc(id).get()).data();
  expect(stored).toMatchObject({ reviewStatus: 'withdrawn', isActive: false });
});
