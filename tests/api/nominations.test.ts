/**
 * A nomination belongs to the nominator it was asked of. A student who names a second mailbox
 * of their own as the professor's, confirms from it, and then corrects the address to the real
 * professor's is not left with a confirmed nomination: the change withdraws it and asks the new
 * nominator (a new request e-mail, the old link dead), and so does a change of the nominator's
 * name. Coordinators see which address the answer came from.
 */
import {
  apiPaths,
  myApplicationPaths,
  formatDateShort,
  nominationLine,
  nominationPaths,
  type NominationView,
} from '@mentorship/domain';
import { studentApplication } from './fixtures';
import {
  call,
  confirmApplicant,
  firestore,
  ownClient,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { linkIn, waitForMail } from '../support/inbox';

jest.setTimeout(120_000);

const REQUEST = /^Did you nominate /;

let admin: string;
beforeAll(async () => {
  admin = await tokenFor('admin');
});

/** The request e-mails queued to an address. */
const requestsTo = async (address: string) =>
  (await firestore().collection('mail').where('to', 'array-contains', address).get()).docs.filter(
    (d) => d.get('kind') === 'nomination-request',
  );

/** The token of the request e-mail delivered to `address` (the link is made at the send). */
async function tokenSentTo(address: string): Promise<string> {
  const mail = await waitForMail(address, REQUEST);
  return linkIn(mail, nominationPaths.page).hash.replace('#token=', '');
}

const answer = (token: string) =>
  call<{ state: string }>('POST', nominationPaths.answer, {
    headers: ownClient(),
    body: { token, answer: 'confirm', note: null },
  });

const viewOf = async (studentId: string) =>
  (
    await call<NominationView>('GET', nominationPaths.ofStudent(studentId), {
      token: admin,
    })
  ).body;

it('asks again when the student corrects the nominator, and shows which address confirmed', async () => {
  const run = uniqueSuffix().toLowerCase();
  const ownSecondMailbox = `ana.other.${run}@mail.example.com`;
  const professor = `prof.real.${run}@faculty.example.edu`;
  const application = {
    ...studentApplication(run),
    nominatedBy: 'Prof. Real',
    professorEmail: ownSecondMailbox,
  };
  const applied = await call<{ id: string }>('POST', apiPaths.studentApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(applied.status).toBe(201);
  const id = applied.body.id;
  const student = await confirmApplicant(application.emailAddress);

  // The student answers from their own second mailbox.
  const oldToken = await tokenSentTo(ownSecondMailbox);
  expect((await answer(oldToken)).body.state).toBe('confirmed');
  const confirmedByOwn = await viewOf(id);
  expect(confirmedByOwn.state).toBe('confirmed');

  // ...then puts the real professor's address in its place.
  const { emailAddress: _sign_in, ...answers } = application;
  const corrected = await call('PUT', myApplicationPaths.application('student'), {
    token: student,
    body: { ...answers, professorEmail: professor },
  });
  expect(corrected.status).toBe(200);

  // Not confirmed any more: the real professor is asked, by a new request e-mail.
  expect(await viewOf(id)).toMatchObject({
    state: 'asked',
    nominator: 'Prof. Real',
    answeredAt: null,
    answeredBy: null,
  });
  expect(await requestsTo(professor)).toHaveLength(1);
  // The link the student's mailbox received no longer answers anything.
  expect((await answer(oldToken)).status).toBe(404);

  // The professor confirms: coordinators see their address as the one that confirmed.
  expect((await answer(await tokenSentTo(professor))).body.state).toBe('confirmed');
  expect(await viewOf(id)).toMatchObject({ state: 'confirmed', answeredBy: professor });
  // And the answer from the student's own mailbox, before, showed that mailbox.
  expect(confirmedByOwn.answeredBy).toBe(ownSecondMailbox);
  expect(nominationLine(confirmedByOwn)).toBe(
    `Nomination confirmed by Prof. Real (${ownSecondMailbox}) on ${formatDateShort(confirmedByOwn.answeredAt ?? '')}`,
  );

  // A change of the nominator's name alone asks again too.
  const renamed = await call('PUT', myApplicationPaths.application('student'), {
    token: student,
    body: { ...answers, professorEmail: professor, nominatedBy: 'Prof. Someone Else' },
  });
  expect(renamed.status).toBe(200);
  expect(await viewOf(id)).toMatchObject({ state: 'asked', nominator: 'Prof. Someone Else' });
  expect(await requestsTo(professor)).toHaveLength(2);

  // An edit that leaves the nominator as they were asks nobody.
  const unchanged = await call('PUT', myApplicationPaths.application('student'), {
    token: student,
    body: {
      ...answers,
      professorEmail: professor,
      nominatedBy: 'Prof. Someone Else',
      careerInterests: 'Data',
    },
  });
  expect(unchanged.status).toBe(200);
  expect(await requestsTo(professor)).toHaveLength(2);
});
