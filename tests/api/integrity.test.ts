/**
 * Integrity under concurrency, on Google's Cloud Firestore emulator (real transaction isolation):
 * requests race through the function (straight to the Functions emulator: `functionUrl` says why
 * not through Hosting), and Firestore's transactions must leave exactly the outcome a
 * one-at-a-time run would.
 */
import { PUBLIC_CAPS, type PairRecord } from '@mentorship/domain';
import { applicationLockId } from '../../functions/src/shared/ids';
import { call, firestore, ownClient } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { studentApplication } from '../factories';
import { assign, countWhere, createMentor, createStudent, doc, inTurn } from '../support/seed';

// The Functions emulator starts a worker process per concurrent request: races take seconds here.
// The Cloud Firestore emulator resolves contended transactions (a read then a write of the same
// documents by many at once) by letting the waiting ones run into its 30 s lock timeout, where
// production aborts them at once and the SDK retries them (firebase-tools issues 1629, 6758): a
// burst here can stall 30 s, twice in a bad run (measured 4-55 s for the same test). The limit
// allows for that; what each test asserts is exact whatever the time taken.
jest.setTimeout(240_000);

const statuses = (responses: { status: number }[]) =>
  responses.map((r) => r.status).sort((a, b) => a - b);

describe('concurrent writes', () => {
  it('20 concurrent pairs of one student: exactly one is created, the rest answer 409', async () => {
    const studentId = await createStudent(token);
    const mentors = await inTurn(20, () => createMentor(token, { capacity: 5 }));
    const responses = await Promise.all(
      mentors.map((m) => assign(token, m, studentId, { direct: true })),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(19).fill(409)]);

    const winner = responses.find((r) => r.status === 201)?.body as PairRecord;
    expect(await countWhere('pairs', 'studentId', studentId)).toBe(1);
    expect((await doc('students', studentId))?.activePairId).toBe(winner.id);
    // Only the winning mentor's count moved.
    const counts = await Promise.all(
      mentors.map(async (m) => (await doc('mentors', m))?.activeStudentCount),
    );
    expect(counts.filter((c) => c === 1)).toHaveLength(1);
    expect(counts.filter((c) => c === 0)).toHaveLength(19);
  });

  it('concurrent pairs to one mentor never exceed their capacity', async () => {
    const capacity = 3;
    const mentorId = await createMentor(token, { capacity });
    const students = await inTurn(12, () => createStudent(token));
    const responses = await Promise.all(
      students.map((s) => assign(token, mentorId, s, { direct: true })),
    );
    expect(statuses(responses)).toEqual([
      ...Array<number>(capacity).fill(201),
      ...Array<number>(12 - capacity).fill(409),
    ]);
    expect(await countWhere('pairs', 'mentorId', mentorId)).toBe(capacity);
    expect((await doc('mentors', mentorId))?.activeStudentCount).toBe(capacity);
    const matched = await Promise.all(
      students.map(async (s) => (await doc('students', s))?.activePairId ?? null),
    );
    expect(matched.filter((id) => id !== null)).toHaveLength(capacity);
  });

  it("20 concurrent applications with one e-mail (letter case varied): the address's day of e-mails answered 201, the rest refused, one record, one lock", async () => {
    const base = studentApplication();
    const [user, domain] = base.emailAddress.split('@') as [string, string];
    const variants = Array.from({ length: 20 }, (_, i) => {
      const flip = (s: string) =>
        [...s].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c)).join('');
      return `${flip(user)}@${i % 2 ? domain.toUpperCase() : domain}`;
    });
    expect(new Set(variants).size).toBeGreaterThan(10);
    const responses = await Promise.all(
      variants.map((emailAddress) =>
        call('POST', '/api/student-registration', {
          // Each its own client, so the rate limit plays no part.
          headers: ownClient(),
          body: { ...base, emailAddress },
          direct: true,
        }),
      ),
    );
    // Each answer is an e-mail to the address (a confirmation, or an "already applied" notice):
    // as many as its day's allowance are answered 201, the rest refused with when to try again.
    // No enumeration: a new address's attempts are counted and answered the same way, and the
    // duplicates store nothing.
    const allowed = PUBLIC_CAPS.emailsPerRecipientPerDay;
    expect(statuses(responses)).toEqual([
      ...Array<number>(allowed).fill(201),
      ...Array<number>(20 - allowed).fill(429),
    ]);

    const records = await firestore()
      .collection('students')
      .where('fullName', '==', base.fullName)
      .get();
    expect(records.size).toBe(1);
    const locks = await firestore()
      .collection('applicationLocks')
      .where('recordId', '==', records.docs[0]?.id)
      .get();
    expect(locks.size).toBe(1);
    expect(locks.docs[0]?.id).toBe(applicationLockId('student', base.emailAddress));
  });

  it('applications refused by the rate limit leave no lock and no record, even when they race', async () => {
    const client = ownClient();
    const autofill = () =>
      call('POST', '/api/linkedin-autofill', {
        headers: client,
        body: { linkedinUrl: 'https://www.linkedin.com/in/someone' },
      });
    const first = await autofill();
    const limit = Number(first.headers.get('ratelimit-limit'));
    // Use the allowance up to three places, one request at a time.
    for (let used = 1; used < limit - 3; used++) expect((await autofill()).status).toBe(501);

    const applications = Array.from({ length: 10 }, () => studentApplication());
    const responses = await Promise.all(
      applications.map((body) =>
        call('POST', '/api/student-registration', { headers: client, body, direct: true }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, ...Array<number>(7).fill(429)]);
    for (const [i, application] of applications.entries()) {
      const stored = await countWhere('students', 'emailAddress', application.emailAddress);
      const lock = await doc(
        'applicationLocks',
        applicationLockId('student', application.emailAddress),
      );
      if (responses[i]?.status === 201) {
        expect(stored).toBe(1);
        expect(lock).toBeDefined();
      } else {
        expect(stored).toBe(0);
        expect(lock).toBeUndefined();
      }
    }
  });

  it('a cascade delete is all or nothing, even while pairs are being made', async () => {
    const mentorId = await createMentor(token, { capacity: 5 });
    const first = await inTurn(2, () => createStudent(token));
    for (const s of first) expect((await assign(token, mentorId, s)).status).toBe(201);
    const mentor = await doc('mentors', mentorId);
    const late = await inTurn(6, () => createStudent(token));

    // The delete races six new pairs to the same mentor.
    const [deleted, ...assigned] = await Promise.all([
      call<{ deletedPairs: number }>('DELETE', `/api/admin/mentors/${mentorId}`, {
        token,
        direct: true,
      }),
      ...late.map((s) => assign(token, mentorId, s, { direct: true })),
    ]);
    expect(deleted.status).toBe(200);
    const madeBeforeDelete = assigned.filter((r) => r.status === 201).length;
    for (const r of assigned) expect([201, 404, 409]).toContain(r.status);
    // Everything the delete saw went with it; nothing made after it survived.
    expect(deleted.body.deletedPairs).toBe(2 + madeBeforeDelete);
    expect(await doc('mentors', mentorId)).toBeUndefined();
    expect(await countWhere('pairs', 'mentorId', mentorId)).toBe(0);
    const lock = await doc('applicationLocks', applicationLockId('mentor', String(mentor?.email)));
    expect(lock).toBeUndefined();
    // No student still points at a pair that no longer exists.
    for (const s of [...first, ...late]) {
      expect((await doc('students', s))?.activePairId ?? null).toBeNull();
    }
  });
});
