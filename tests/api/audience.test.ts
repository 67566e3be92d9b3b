/**
 * Every stored field has an audience (packages/domain/src/audience.ts). A full flow through the
 * stack (apply, confirm, approve, match, check-ins and sessions with words for the coordinators,
 * the fit question, "Report a problem", coordinators' notes, ending the pair with a note, an
 * invitation, an opening alert), then:
 * - each side's "Download my data" and the coordinators' "Download data" of each side hold none
 *   of the partner's or the coordinators' words, no token and no token hash, but the person's own
 *   words;
 * - the participant's pair API and My application carry nothing of the partner outside the
 *   partner audience (no "problem reported" for the one who was reported);
 * - every field of every stored document (of every collection, nested fields included) has a
 *   stated audience: the failure lists `collection: field` for each one that has none.
 */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTION_PATHS,
  audienceOf,
  collectionPatternOf,
  fieldsWithoutAudience,
  pairPaths,
  type MyApplicationsResponse,
  type MyDataExport,
  type MyPairsResponse,
} from '@mentorship/domain';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { call, confirmApplicant, firestore, ownClient, uniqueSuffix } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { everyDocument } from '../support/erasure';
import { waitForMail } from '../support/inbox';
import { checkInLink, useFunctionParams } from '../support/pairs';
import { moveToCohort, seedCohort } from '../support/seed';
import { mentorApplication, studentApplication } from '../factories';

jest.setTimeout(240_000);

// A Monday long past, so no other suite's pair is owed anything on the days run here: month 1
// runs 09-02..10-01, its check-ins go out from 09-25.
const START = '2024-09-02';
const day = (d: string) => new Date(`${d}T03:00:00Z`);

const tag = uniqueSuffix();
const words = {
  studentCheckIn: `student-checkin-words-${tag}`,
  studentSession: `student-session-words-${tag}`,
  studentProblem: `student-reports-harassment-${tag}`,
  mentorCheckIn: `mentor-checkin-words-${tag}`,
  mentorSession: `mentor-session-words-${tag}`,
  noteOnStudent: `coordinator-note-on-student-${tag}`,
  noteOnMentor: `coordinator-note-on-mentor-${tag}`,
  endNote: `coordinator-end-of-pair-note-${tag}`,
};

let studentToken: string;
let mentorToken: string;
let studentId: string;
let mentorId: string;
let pairId: string;
const tokens: string[] = [];

/**
 * Every stored document's collection and the fields with no stated audience. Walked when the
 * flow has written everything (before the pair ends: ending deletes its check-in links) and
 * again at the end (the end's own fields); the last test checks what both walks found.
 */
const seen = new Set<string>();
const unknown = new Set<string>();
async function walkStored(): Promise<void> {
  for (const { path, data } of await everyDocument()) {
    const collection = collectionPatternOf(path);
    seen.add(collection);
    for (const field of fieldsWithoutAudience(collection, data)) {
      unknown.add(`${collection}: ${field}`);
    }
  }
}

const ok = async <T>(res: Promise<{ status: number; body: T }>, status = 200): Promise<T> => {
  const r = await res;
  if (r.status !== status)
    throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
};

beforeAll(async () => {
  useFunctionParams();
  const cohort = await seedCohort(START);

  // Apply (public forms), confirm the address, approve.
  const student = studentApplication();
  const mentor = mentorApplication();
  studentId = (
    await ok(
      call<{ id: string }>('POST', '/api/student-registration', {
        headers: ownClient(),
        body: student,
      }),
      201,
    )
  ).id;
  mentorId = (
    await ok(
      call<{ id: string }>('POST', '/api/mentor-registration', {
        headers: ownClient(),
        body: mentor,
      }),
      201,
    )
  ).id;
  studentToken = await confirmApplicant(student.emailAddress);
  mentorToken = await confirmApplicant(mentor.email);
  for (const [kind, id] of [
    ['students', studentId],
    ['mentors', mentorId],
  ] as const) {
    await ok(
      call('PUT', `/api/admin/${kind}/${id}/review`, {
        token: admin,
        body: { decision: 'approve' },
      }),
    );
  }

  // Match, in a cohort whose program started in the past.
  pairId = (
    await ok(
      call<{ id: string }>('POST', '/api/admin/assignments', {
        token: admin,
        body: { mentorId, studentId },
      }),
      201,
    )
  ).id;
  await firestore()
    .collection('pairs')
    .doc(pairId)
    .update({
      cohortId: cohort.id,
      assignedAt: Timestamp.fromDate(new Date('2024-08-20T12:00:00Z')),
    });
  await moveToCohort('student', studentId, cohort.id);
  await moveToCohort('mentor', mentorId, cohort.id);

  // The month's check-ins, answered by each side through its one-click link with private words.
  for (const d of ['2024-09-25', '2024-09-26', '2024-09-27']) await runDailyWork(day(d));
  // The links are made when each e-mail is sent (none is stored): read them from delivered mail.
  const linkTo = async (address: string) => {
    const mail = await waitForMail(address, /Month 1 check-in/);
    const link = checkInLink(mail.text, 'met');
    tokens.push(link.token);
    return link.token;
  };
  const studentLink = await linkTo(student.emailAddress);
  const mentorLink = await linkTo(mentor.email);
  await ok(
    call('POST', pairPaths.checkInAnswer, {
      body: {
        token: studentLink,
        answer: 'met',
        heldOn: '2024-09-20',
        rating: 2,
        note: words.studentCheckIn,
        fit: 'not-a-good-fit',
      },
    }),
  );
  await ok(
    call('POST', pairPaths.checkInAnswer, {
      body: {
        token: mentorLink,
        answer: 'met',
        heldOn: '2024-09-20',
        rating: 4,
        note: words.mentorCheckIn,
        fit: 'still-deciding',
      },
    }),
  );

  // Sessions logged on My application, with words for the coordinators; a reported problem.
  await ok(
    call('POST', pairPaths.mySession(pairId), {
      token: studentToken,
      body: { heldOn: '2024-10-10', rating: 2, note: words.studentSession },
    }),
  );
  await ok(
    call('POST', pairPaths.mySession(pairId), {
      token: mentorToken,
      body: { heldOn: '2024-11-12', rating: 5, note: words.mentorSession },
    }),
  );
  await ok(
    call('POST', pairPaths.myFit(pairId), {
      token: studentToken,
      body: { fit: 'not-a-good-fit' },
    }),
  );
  await ok(
    call('POST', pairPaths.myProblem(pairId), {
      token: studentToken,
      body: { note: words.studentProblem },
    }),
  );
  await walkStored();
}, 240_000);

it('the partner sees nothing of the other side but what a partner may: no report, no words, no rating', async () => {
  const mentorPairs = await ok(
    call<MyPairsResponse>('GET', pairPaths.myPairs, { token: mentorToken }),
  );
  const pair = mentorPairs.pairs.find((p) => p.pairId === pairId);
  expect(pair).toMatchObject({ role: 'mentor', myFit: 'still-deciding', problemReported: false });
  const studentPairs = await ok(
    call<MyPairsResponse>('GET', pairPaths.myPairs, { token: studentToken }),
  );
  expect(studentPairs.pairs.find((p) => p.pairId === pairId)).toMatchObject({
    role: 'student',
    myFit: 'not-a-good-fit',
    problemReported: true,
  });
  for (const [body, partnerWords] of [
    [
      mentorPairs,
      [words.studentCheckIn, words.studentSession, words.studentProblem, 'not-a-good-fit'],
    ],
    [studentPairs, [words.mentorCheckIn, words.mentorSession, 'still-deciding']],
  ] as const) {
    const text = JSON.stringify(body);
    for (const w of partnerWords) expect(text).not.toContain(w);
  }

  // My application's match: the partner's name, address and what they do; nothing else of theirs.
  const me = await ok(call<MyApplicationsResponse>('GET', '/api/me', { token: mentorToken }));
  const match = me.applications[0]?.matches[0];
  const student = (await firestore().collection('students').doc(studentId).get()).data() ?? {};
  expect(match).toMatchObject({ name: student.fullName, email: student.emailAddress });
  const text = JSON.stringify(me);
  for (const field of ['phoneNumber', 'linkedinUrl', 'mentorshipGoals'] as const) {
    if (student[field]) expect(text).not.toContain(String(student[field]));
  }
});

describe('downloads of each side of a pair, every kind of private word present', () => {
  beforeAll(async () => {
    await ok(
      call('POST', `/api/admin/students/${studentId}/notes`, {
        token: admin,
        body: { text: words.noteOnStudent },
      }),
      201,
    );
    await ok(
      call('POST', `/api/admin/mentors/${mentorId}/notes`, {
        token: admin,
        body: { text: words.noteOnMentor },
      }),
      201,
    );
    await ok(
      call('POST', pairPaths.end(pairId), {
        token: admin,
        body: { reason: 'other', note: words.endNote },
      }),
    );
    // The words are stored (the test would prove nothing otherwise).
    const stored = JSON.stringify(
      (
        await Promise.all(
          ['pairs', 'checkIns', 'problemReports', 'audit', 'students', 'mentors'].map(async (c) =>
            (await firestore().collection(c).get()).docs.map((d) => d.data()),
          ),
        )
      ).flat(),
    );
    for (const w of [
      words.studentCheckIn,
      words.studentSession,
      words.studentProblem,
      words.mentorCheckIn,
      words.mentorSession,
      words.endNote,
    ]) {
      expect(stored).toContain(w);
    }
  });

  const hashes = () => tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const coordinatorsWords = () => [words.noteOnStudent, words.noteOnMentor, words.endNote];
  const secrets = () => [...tokens, ...hashes()];

  const downloads = async (token: string, kind: 'students' | 'mentors', id: string) => {
    const own = await ok(call<MyDataExport>('GET', '/api/me/export', { token }));
    const coordinators = await ok(
      call<MyDataExport>('GET', `/api/admin/${kind}/${id}/export`, { token: admin }),
    );
    return { own, coordinators };
  };

  it("the student's downloads: their own words, none of the mentor's or the coordinators'", async () => {
    for (const data of Object.values(await downloads(studentToken, 'students', studentId))) {
      const text = JSON.stringify(data);
      for (const w of [words.mentorCheckIn, words.mentorSession, 'still-deciding']) {
        expect(text).not.toContain(w);
      }
      for (const w of [...coordinatorsWords(), ...secrets()]) expect(text).not.toContain(w);
      for (const w of [words.studentCheckIn, words.studentSession, words.studentProblem]) {
        expect(text).toContain(w);
      }
      const pair = data.pairs.find((a) => a.id === pairId) as {
        progress: { ratings: object; fit: object; notes: object };
      };
      expect(pair.progress.ratings).toEqual({ student: 2 });
      expect(pair.progress.fit).toEqual({ student: 'not-a-good-fit' });
      expect(Object.keys(pair.progress.notes)).toEqual(['student']);
      expect(data.checkIns?.map((c) => c.personId)).toEqual([studentId]);
    }
  });

  it("the mentor's downloads: none of the student's words (the report about them included), nor the coordinators'", async () => {
    for (const data of Object.values(await downloads(mentorToken, 'mentors', mentorId))) {
      const text = JSON.stringify(data);
      for (const w of [
        words.studentCheckIn,
        words.studentSession,
        words.studentProblem,
        'not-a-good-fit',
        ...coordinatorsWords(),
        ...secrets(),
      ]) {
        expect(text).not.toContain(w);
      }
      for (const w of [words.mentorCheckIn, words.mentorSession]) expect(text).toContain(w);
      const pair = data.pairs.find((a) => a.id === pairId) as {
        progress: Record<string, unknown> & { ratings: object };
        endNote?: unknown;
      };
      expect(pair.progress.ratings).toEqual({ mentor: 5 });
      expect(pair.progress.problems).toBeUndefined();
      expect(pair.progress.problemReportedAt).toBeUndefined();
      expect(pair.endNote).toBeUndefined();
      // The history of the pair says it ended, without the coordinator's note.
      expect(data.history.map((h) => h.action)).toContain('pair.end');
      expect(data.checkIns?.map((c) => c.personId)).toEqual([mentorId]);
    }
  });
});

it('every field of every stored document has a stated audience', async () => {
  // A few more doors that store something: an invitation and an opening alert.
  await ok(
    call('POST', '/api/admin/team/invitations', {
      token: admin,
      body: { email: `invitee.${uniqueSuffix()}@example.org` },
    }),
    201,
  );
  await call('POST', '/api/cohorts/opening-alerts', {
    headers: ownClient(),
    body: { email: `alert.${uniqueSuffix()}@example.org`, consent: true },
  });

  await walkStored();
  // Collections stored but not registered (packages/domain/src/registry.ts):
  expect([...seen].filter((c) => !(COLLECTION_PATHS as string[]).includes(c)).sort()).toEqual([]);
  // Fields with no audience in packages/domain/src/audience.ts (STORED_FIELD_AUDIENCES):
  expect([...unknown].sort()).toEqual([]);
  // The flow above wrote each of these (a walk saw them, so it checked them).
  for (const c of [
    'students',
    'mentors',
    'students/*/notes',
    'mentors/*/notes',
    'cohorts',
    'cohorts/*/studentRows',
    'cohorts/*/mentorRows',
    'applicationLocks',
    'pairs',
    'sessions',
    'checkIns',
    'checkInTokens',
    'mail',
    'audit',
    'coordinators',
    'invitations',
    'rateLimits',
  ]) {
    expect(seen).toContain(c);
    expect(audienceOf(c)).toBeDefined();
  }
});
