/**
 * A nomination belongs to the nominator it was asked of. A student who names a second mailbox
 * of their own as the professor's, confirms from it, and then corrects the address to the real
 * professor's is not left with a confirmed nomination: the change withdraws it and asks the new
 * nominator (a new request e-mail, the old link dead), and so does a change of the nominator's
 * name. Coordinators see which address the answer came from. Each question is an e-mail in the
 * program's name to an address the student typed: a student's corrections ask at most
 * NOMINATION_ASKS_PER_STUDENT times in all, and no subject carries what the student typed.
 */
import {
  NOMINATION_ASKS_PER_STUDENT,
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

it("bounds the questions one student's corrections send, and keeps the student's words out of their subject", async () => {
  const run = uniqueSuffix().toLowerCase();
  const nominator = (n: number) => `prof.${n}.${run}@faculty.example.edu`;
  const typed = `Ana FREE-TEXT ${run}`;
  const application = {
    ...studentApplication(run),
    fullName: typed,
    nominatedBy: `Prof. TYPED ${run}`,
    professorEmail: nominator(1),
  };
  const applied = await call<{ id: string }>('POST', apiPaths.studentApplication, {
    headers: ownClient(),
    body: application,
  });
  expect(applied.status).toBe(201);
  const id = applied.body.id;
  const student = await confirmApplicant(application.emailAddress);
  const { emailAddress: _sign_in, ...answers } = application;
  const correctTo = async (n: number) => {
    const res = await call('PUT', myApplicationPaths.application('student'), {
      token: student,
      body: { ...answers, professorEmail: nominator(n), nominatedBy: `Prof. ${n} ${run}` },
    });
    expect(res.status).toBe(200);
  };

  // The first question and each correction's, up to the bound.
  for (let n = 2; n <= NOMINATION_ASKS_PER_STUDENT; n++) await correctTo(n);
  for (let n = 1; n <= NOMINATION_ASKS_PER_STUDENT; n++) {
    expect(await requestsTo(nominator(n))).toHaveLength(1);
  }
  const lastToken = await tokenSentTo(nominator(NOMINATION_ASKS_PER_STUDENT));

  // Past it, a correction still withdraws the nomination, and nobody is asked again.
  const past = NOMINATION_ASKS_PER_STUDENT + 1;
  await correctTo(past);
  await correctTo(past + 1);
  expect(await requestsTo(nominator(past))).toHaveLength(0);
  expect(await requestsTo(nominator(past + 1))).toHaveLength(0);
  expect((await answer(lastToken)).status).toBe(404);
  const view = await viewOf(id);
  expect(view).toMatchObject({ state: 'asks-used', answeredBy: null, note: null });
  expect(nominationLine(view)).toBe(
    `Nominator (Prof. ${past + 1} ${run}) not asked: the student changed their nominator after ${NOMINATION_ASKS_PER_STUDENT} questions, the most the program sends`,
  );
  // A later confirmation of the student's address asks nobody either.
  expect((await call('POST', myApplicationPaths.confirm, { token: student })).status).toBe(200);
  expect(await requestsTo(nominator(past + 1))).toHaveLength(0);

  // Every question sent: the student's name and words in the body, never in the subject.
  const sent = (
    await Promise.all(
      Array.from({ length: NOMINATION_ASKS_PER_STUDENT }, (_, i) => requestsTo(nominator(i + 1))),
    )
  ).flat();
  expect(sent).toHaveLength(NOMINATION_ASKS_PER_STUDENT);
  for (const mail of sent) {
    const subject = String(mail.get('message.subject'));
    expect(subject).toMatch(REQUEST);
    expect(subject).not.toContain(run);
    expect(subject).not.toMatch(/FREE-TEXT|TYPED|Prof\./);
    expect(String(mail.get('message.text'))).toContain(typed);
  }
});
