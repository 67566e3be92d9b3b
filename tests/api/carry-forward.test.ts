/**
 * Carried forward through the stack: when a cohort's matching has closed, the daily
 * job asks its unmatched students and its mentors once (a rerun asks nobody again), the link's
 * page changes nothing, the POST moves the person to the next cohort marked, and only once.
 * The job runs in this process as the scheduled function runs it (functions/src/schedule).
 */
import { createHash, randomBytes } from 'node:crypto';
import { counterId, linkKey } from '../../functions/src/abuse/rate-window';
import {
  CARRY_MESSAGES,
  carryForwardPaths,
  cohortPaths,
  type ApiErrorBody,
  type CohortView,
  type PublicCohorts,
} from '@mentorship/domain';
import {
  answersOtherThanNotFound,
  call,
  firestore,
  siteUrl,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { cohortFormBody } from '../factories';
import { queuedAbout, waitForMail } from '../support/inbox';
import { assign, createMentor, createStudent, doc, rowOfPerson, rowsFiled } from '../support/seed';

process.env.SITE_URL ??= siteUrl();
jest.setTimeout(120_000);

let admin: string;
let from: CohortView;
const ids = { unmatched: '', paired: '', mentor: '', idleMentor: '' };

beforeAll(async () => {
  admin = await tokenFor('admin');
  // A past cohort: matching closed long ago (the test stack's founding cohort is open now).
  const year = 2021;
  const res = await call<{ cohort: CohortView }>('POST', cohortPaths.list, {
    token: admin,
    body: cohortFormBody(`Spring ${year} ${uniqueSuffix()}`, 'spring', year),
  });
  from = res.body.cohort;
  const cohortId = from.id;
  const prefs = { preferredDisciplines: ['Data Science'], mentoringTopics: ['Career Planning'] };
  ids.unmatched = await createStudent(admin, { cohortId, ...prefs });
  ids.paired = await createStudent(admin, { cohortId, ...prefs });
  ids.mentor = await createMentor(admin, { cohortId, capacity: 1, ...prefs });
  ids.idleMentor = await createMentor(admin, { cohortId, capacity: 1, isActive: false });
  expect((await assign(admin, ids.mentor, ids.paired)).status).toBe(201);
});

const questionsTo = async (personId: string) =>
  (await queuedAbout(personId)).filter((m) => m.kind === 'carry-forward');

const tokenIn = (text: string) => {
  const match = /[#?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no token in the message');
  return match[1];
};

it('asks the unmatched student and the mentor who mentored, once, and a yes moves the student first in line', async () => {
  const { runCarryForward } = await import('../../functions/src/cohorts/carry-forward');
  const now = new Date();
  const first = await runCarryForward(now);
  expect(first.asked).toBeGreaterThanOrEqual(2);

  expect(await questionsTo(ids.unmatched)).toHaveLength(1);
  expect(await questionsTo(ids.paired)).toHaveLength(0); // matched: not asked
  expect(await questionsTo(ids.idleMentor)).toHaveLength(0); // inactive: not asked
  const [mentorMail] = await questionsTo(ids.mentor);
  expect(String(mentorMail?.message.text)).toMatch(/Thank you for mentoring/);

  // Never twice: a second run, and a run after the cohort's mark is gone, ask nobody again.
  await runCarryForward(now);
  await firestore().collection('cohorts').doc(from.id).update({ carryForwardDoneAt: null });
  await runCarryForward(now);
  expect(await questionsTo(ids.unmatched)).toHaveLength(1);
  expect(await questionsTo(ids.mentor)).toHaveLength(1);

  const [mail] = await questionsTo(ids.unmatched);
  // The stored message holds a placeholder; the link is made at the send, so none is stored.
  const stored = JSON.stringify(mail);
  expect(stored).toContain('[[link-0]]');
  expect(stored).not.toMatch(/token=|\/my-application\/keep/);
  const address = String((await doc('students', ids.unmatched))?.emailAddress);
  const delivered = await waitForMail(address, /Keep your application/);
  const link = new RegExp(`https?://\\S+${carryForwardPaths.page}#token=[\\w-]+`).exec(
    delivered.text,
  )?.[0];
  expect(link).toBeDefined();
  const token = tokenIn(String(link));
  expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes
  // Only its hash is stored.
  const offers = await firestore()
    .collection('carryOffers')
    .where('personId', '==', ids.unmatched)
    .get();
  expect(offers.size).toBe(1);
  expect(JSON.stringify(offers.docs[0]?.data())).not.toContain(token);
  expect(offers.docs[0]?.get('tokenHashes')).toEqual([
    createHash('sha256').update(token).digest('hex'),
  ]);

  // Opening the link (a scanner's GET) changes nothing.
  const page = await fetch(String(link));
  expect(page.status).toBe(200);
  expect(await doc('students', ids.unmatched)).toMatchObject({ cohortId: from.id });

  const current = await call<PublicCohorts>('GET', cohortPaths.current);
  const next = current.body.open?.id;
  expect(next).toBeDefined();
  const yes = await call<{ message: string }>('POST', carryForwardPaths.answer, {
    body: { token },
  });
  expect(yes.status).toBe(200);
  expect(yes.body.message).toBe(CARRY_MESSAGES.kept(current.body.open?.name ?? ''));
  const moved = { cohortId: next, carriedForwardFrom: from.id, matchPriority: 'carried-forward' };
  expect(await doc('students', ids.unmatched)).toMatchObject(moved);
  // The row moved with them: filed under the next cohort only.
  expect(await rowOfPerson('student', ids.unmatched)).toMatchObject(moved);
  expect(await rowsFiled('student', ids.unmatched)).toEqual([
    `cohorts/${next}/studentRows/${ids.unmatched}`,
  ]);

  const again = await call<ApiErrorBody>('POST', carryForwardPaths.answer, { body: { token } });
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe(CARRY_MESSAGES.used);
});

it('refuses a token it never made, and a malformed one, changing nothing', async () => {
  const unknown = await call<ApiErrorBody>('POST', carryForwardPaths.answer, {
    body: { token: 'A'.repeat(43) },
  });
  expect(unknown.status).toBe(404);
  const malformed = await call<ApiErrorBody>('POST', carryForwardPaths.answer, {
    body: { token: 'short' },
  });
  expect(malformed.status).toBe(400);
  expect(malformed.body.error.fields?.token).toBe(CARRY_MESSAGES.invalid);
});

it('limits its link per link, never per network: many people behind one address all get an answer', async () => {
  // A link nobody was sent is checked before anything is counted: no counter is written for it.
  const unknown = { token: randomBytes(32).toString('base64url') };
  const first = await call('POST', carryForwardPaths.answer, { body: unknown });
  expect(first.status).toBe(404);
  expect(first.headers.get('RateLimit-Limit')).toBeNull();
  const counter = counterId('carry-forward', linkKey({ body: unknown }));
  expect((await firestore().collection('rateLimits').doc(counter).get()).exists).toBe(false);
  // More than one key's allowance on the test stack (RATE_LIMIT_MAX 150), all from this address.
  const freshLink = () => ({ token: randomBytes(32).toString('base64url') });
  expect(await answersOtherThanNotFound(carryForwardPaths.answer, freshLink, 160)).toEqual([]);
}, 120_000);
