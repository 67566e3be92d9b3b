/**
 * Review decisions and history: approve, decline with a reason, reopen, the rules around them
 * (no matching of someone awaiting review or declined), and an audit entry for each change,
 * written in the same transaction (a refused change leaves none).
 */
import {
  REVIEW_MESSAGES,
  type AuditEntry,
  type StudentRecord,
  type ApiErrorBody as ErrorBody,
} from '@mentorship/domain';
import { call, firestore } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { apply, assign, createMentor, createStudent } from '../support/seed';

// Coordinators review an application once its address is confirmed.
const applyConfirmed = () => apply('student', { confirm: true });
const review = (id: string, body: unknown) =>
  call<ErrorBody & { reviewStatus: string; isActive: boolean }>(
    'PUT',
    `/api/admin/students/${id}/review`,
    { token, body },
  );
const record = async (id: string) =>
  (await call<StudentRecord>('GET', `/api/admin/students/${id}`, { token })).body;
const history = async (id: string) =>
  (await call<{ entries: AuditEntry[] }>('GET', `/api/admin/activity?person=${id}`, { token })).body
    .entries;

describe('review decisions', () => {
  it('a public application arrives awaiting review and inactive; a coordinator-made record has no review', async () => {
    const { id } = await applyConfirmed();
    expect(await record(id)).toMatchObject({ isActive: false, reviewStatus: 'awaiting' });
    const made = await createStudent(token);
    expect(await record(made)).toMatchObject({ isActive: true, reviewStatus: null });
  });

  it('approve: active, matchable, and in the history with who did it', async () => {
    const { id } = await applyConfirmed();
    const res = await review(id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(await record(id)).toMatchObject({ isActive: true, reviewStatus: 'approved' });
    const mentorId = await createMentor(token);
    expect((await assign(token, mentorId, id)).status).toBe(201);

    const entries = await history(id);
    expect(entries.map((e) => e.action)).toEqual(['pair.create', 'review.approve']);
    expect(entries[1]?.actor.email).toMatch(/@test\.example\.org$/);
    expect(entries[1]?.changes).toEqual({
      reviewStatus: { before: 'awaiting', after: 'approved' },
      isActive: { before: false, after: true },
    });
  });

  it('decline needs a reason (field error, nothing changes), keeps it, and blocks matching and activation', async () => {
    const { id } = await applyConfirmed();
    const missing = await review(id, { decision: 'decline', reason: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.reason).toBe(
      'Give the reason for declining; the applicant will read it.',
    );
    expect(await record(id)).toMatchObject({ reviewStatus: 'awaiting' });
    expect(await history(id)).toEqual([]);

    const reason = 'We are looking for students in their second year or later this cohort.';
    expect((await review(id, { decision: 'decline', reason })).status).toBe(200);
    expect(await record(id)).toMatchObject({
      reviewStatus: 'declined',
      declineReason: reason,
      isActive: false,
    });
    const activate = await call<ErrorBody>('PUT', `/api/admin/students/${id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(activate.status).toBe(409);
    expect(activate.body.error.message).toBe(REVIEW_MESSAGES.declinedCannotActivate);
    const mentorId = await createMentor(token);
    expect((await assign(token, mentorId, id)).status).toBe(409);
    // Refused changes wrote no history: only the decline is there.
    const entries = await history(id);
    expect(entries.map((e) => e.action)).toEqual(['review.decline']);
    expect(entries[0]?.detail).toBe(reason);
  });

  it('a declined application can be reopened, then approved; decisions out of turn are refused', async () => {
    const { id } = await applyConfirmed();
    expect((await review(id, { decision: 'reopen' })).status).toBe(409);
    expect((await review(id, { decision: 'decline', reason: 'Incomplete.' })).status).toBe(200);
    expect((await review(id, { decision: 'approve' })).status).toBe(409);
    expect((await review(id, { decision: 'reopen' })).status).toBe(200);
    expect(await record(id)).toMatchObject({ reviewStatus: 'awaiting', declineReason: null });
    expect((await review(id, { decision: 'approve' })).status).toBe(200);
    expect((await history(id)).map((e) => e.action)).toEqual([
      'review.approve',
      'review.reopen',
      'review.decline',
    ]);
  });

  it('activating an application awaiting review approves it', async () => {
    const { id } = await applyConfirmed();
    const res = await call('PUT', `/api/admin/students/${id}/status`, {
      token,
      body: { isActive: true },
    });
    expect(res.status).toBe(200);
    expect(await record(id)).toMatchObject({ isActive: true, reviewStatus: 'approved' });
    expect((await history(id)).map((e) => e.action)).toEqual(['review.approve']);
  });

  it('rejects unknown decisions and fields', async () => {
    const { id } = await applyConfirmed();
    const bad = await review(id, { decision: 'maybe', extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['decision', 'extra']);
    expect((await review('no-such-id', { decision: 'approve' })).status).toBe(404);
  });
});

describe('history', () => {
  it('records edits with the changed fields, status changes and deletions; a deleted person keeps no personal data', async () => {
    const id = await createStudent(token, { fullName: 'Hist Orian' });
    const current = await record(id);
    const edit = await call('PUT', `/api/admin/students/${id}`, {
      token,
      body: {
        fullName: 'Hist Orian',
        emailAddress: current.emailAddress,
        universityName: 'New University',
      },
    });
    expect(edit.status).toBe(200);
    await call('PUT', `/api/admin/students/${id}/status`, { token, body: { isActive: false } });
    let entries = await history(id);
    expect(entries.map((e) => e.action)).toEqual([
      'person.status',
      'person.update',
      'person.create',
    ]);
    expect(entries[1]?.changes?.universityName).toEqual({ before: null, after: 'New University' });
    expect(entries[2]?.subject.name).toBe('Hist Orian');

    expect((await call('DELETE', `/api/admin/students/${id}`, { token })).status).toBe(200);
    entries = await history(id);
    expect(entries.map((e) => e.action)).toEqual([
      'person.delete',
      'person.status',
      'person.update',
      'person.create',
    ]);
    for (const entry of entries) {
      expect(entry.subject.name).toBeNull();
      expect(entry.changes).toBeNull();
      expect(entry.people).toEqual([id]);
    }
    const stored = await firestore()
      .collection('audit')
      .where('people', 'array-contains', id)
      .get();
    expect(JSON.stringify(stored.docs.map((d) => d.data()))).not.toContain('Hist Orian');
  });

  it('records pair changes for both people, and the Activity view lists newest first', async () => {
    const mentorId = await createMentor(token);
    const studentId = await createStudent(token);
    const made = await assign(token, mentorId, studentId);
    const path = `/api/admin/assignments/${made.body.id}`;
    await call('PUT', `${path}/status`, { token, body: { isActive: false } });
    await call('DELETE', path, { token });
    for (const person of [mentorId, studentId]) {
      expect((await history(person)).map((e) => e.action).slice(0, 3)).toEqual([
        'pair.delete',
        'pair.status',
        'pair.create',
      ]);
    }
    const all = await call<{ entries: AuditEntry[] }>('GET', '/api/admin/activity?limit=5', {
      token,
    });
    expect(all.status).toBe(200);
    expect(all.body.entries).toHaveLength(5);
    const times = all.body.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('GET', '/api/admin/activity?person=../x', { token })).status).toBe(400);
  });
});
