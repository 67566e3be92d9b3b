import {
  AUDIENCES,
  aboutForPartner,
  partnerView,
  LINK_MATERIAL_AT_REST,
  STORED_FIELD_AUDIENCES,
  collectionPatternOf,
  fieldsWithoutAudience,
  viewOf,
  withoutLinkMaterial,
  type Viewer,
} from './audience';

const student: Viewer = { as: 'person', personId: 's1', role: 'student' };
const mentor: Viewer = { as: 'person', personId: 'm1', role: 'mentor' };
const coordinators: Viewer = { as: 'coordinators' };

const pair = {
  studentId: 's1',
  mentorId: 'm1',
  studentName: 'Sam',
  mentorName: 'Max',
  isActive: false,
  endReason: 'other',
  endNote: 'the coordinator wrote this',
  progress: {
    sessionsHeld: 2,
    lastSessionOn: '2024-10-10',
    ratings: { student: 2, mentor: 5 },
    fit: { student: 'not-a-good-fit', mentor: 'good-fit' },
    notes: {
      student: { on: '2024-10-10', text: 'student words' },
      mentor: { on: '2024-10-11', text: 'mentor words' },
    },
    problemReportedAt: '2024-10-12T10:00:00.000Z',
    checkIns: { student_1: { sentOn: '2024-09-25', answeredOn: null } },
    nudges: { x_no_session_14: '2024-09-16' },
  },
};

describe('the audience statement', () => {
  it('states a known audience for every field of every collection', () => {
    for (const [collection, spec] of Object.entries(STORED_FIELD_AUDIENCES)) {
      for (const [field, rule] of Object.entries(spec.fields)) {
        const audience = typeof rule === 'string' ? rule : rule.audience;
        expect([collection, field, AUDIENCES.includes(audience)]).toEqual([
          collection,
          field,
          true,
        ]);
      }
    }
  });

  it('names collections by path, document ids as *', () => {
    expect(collectionPatternOf('students/abc')).toBe('students');
    expect(collectionPatternOf('students/abc/notes/n1')).toBe('students/*/notes');
    expect(collectionPatternOf('cohorts/fall-2026/studentRows/abc')).toBe('cohorts/*/studentRows');
  });

  it('lists every stored field without an audience, nested ones by their full path', () => {
    expect(fieldsWithoutAudience('pairs', pair)).toEqual([]);
    expect(
      fieldsWithoutAudience('pairs', {
        ...pair,
        surprise: 1,
        progress: { ...pair.progress, ratings: { student: 1, coach: 3 }, extra: { deep: true } },
      }),
    ).toEqual(['progress.ratings.coach', 'progress.extra.deep', 'surprise']);
    // A map's fields stated one by one: a new one is unknown (what the mail's delivery does).
    expect(
      fieldsWithoutAudience('mail', { delivery: { state: 'SUCCESS', failedBecause: 'x' } }),
    ).toEqual(['delivery.failedBecause']);
    // A map stated by its fields may be stored null or empty; a scalar where a map is stated is not.
    expect(fieldsWithoutAudience('audit', { changes: null, detail: null })).toEqual([]);
    expect(fieldsWithoutAudience('pairs', { progress: {} })).toEqual([]);
    expect(fieldsWithoutAudience('audit', { changes: 'x' })).toEqual(['changes']);
    // A collection nobody stated: every field.
    expect(fieldsWithoutAudience('newThings', { a: 1, b: { c: 2 } })).toEqual(['a', 'b.c']);
  });

  it("shows a participant the pair's shared facts and their own side, never the partner's words or the coordinators'", () => {
    const seenByMentor = viewOf('pairs', 'p1', pair, mentor);
    expect(seenByMentor).toEqual({
      studentId: 's1',
      mentorId: 'm1',
      studentName: 'Sam',
      mentorName: 'Max',
      isActive: false,
      endReason: 'other',
      progress: {
        sessionsHeld: 2,
        lastSessionOn: '2024-10-10',
        ratings: { mentor: 5 },
        fit: { mentor: 'good-fit' },
        notes: { mentor: { on: '2024-10-11', text: 'mentor words' } },
      },
    });
    const seenByStudent = viewOf('pairs', 'p1', pair, student);
    expect(seenByStudent.progress).toMatchObject({ ratings: { student: 2 } });
    expect(JSON.stringify(seenByStudent)).not.toMatch(/mentor words|the coordinator wrote/);
    // Coordinators see everything but secrets.
    expect(viewOf('pairs', 'p1', pair, coordinators)).toEqual(pair);
    // Someone outside the pair sees nothing.
    expect(viewOf('pairs', 'p1', pair, { as: 'person', personId: 'x', role: 'student' })).toEqual(
      {},
    );
  });

  it("shows a partner's record only through its partner fields", () => {
    const record = {
      fullName: 'Sam',
      emailAddress: 'sam@example.edu',
      phoneNumber: '+1 555',
      universityName: 'U',
      mentorshipGoals: 'private goals',
      noteOnConfirm: true,
    };
    expect(viewOf('students', 's1', record, mentor, 'partner')).toEqual({
      fullName: 'Sam',
      emailAddress: 'sam@example.edu',
      universityName: 'U',
    });
    const own = viewOf('students', 's1', record, student);
    expect(own).toMatchObject({ phoneNumber: '+1 555', mentorshipGoals: 'private goals' });
    expect(own.noteOnConfirm).toBeUndefined();
  });

  it('keeps check-ins, history details and secrets to their audiences', () => {
    const checkIn = { personId: 's1', role: 'student', note: 'for the coordinators', rating: 2 };
    expect(viewOf('checkIns', 'c1', checkIn, student)).toEqual(checkIn);
    expect(viewOf('checkIns', 'c1', checkIn, mentor)).toEqual({});
    expect(viewOf('checkInTokens', 'h', { personId: 's1', checkInId: 'c1' }, coordinators)).toEqual(
      {},
    );
    const entry = {
      action: 'pair.end',
      actor: { uid: 'u', email: 'c@example.org' },
      subject: { kind: 'pair', id: 'p1', name: 'Sam with Max' },
      people: ['m1', 's1'],
      changes: {
        endReason: { before: null, after: 'other' },
        endNote: { before: null, after: 'words' },
      },
      detail: 'the end-of-pair note',
    };
    expect(viewOf('audit', 'a1', entry, mentor)).toEqual({
      action: 'pair.end',
      subject: { kind: 'pair', id: 'p1', name: 'Sam with Max' },
      changes: { endReason: { before: null, after: 'other' } },
    });
    const personEntry = {
      action: 'person.update',
      subject: { kind: 'student', id: 's1', name: 'Sam' },
      people: ['s1'],
      changes: {
        phoneNumber: { before: '1', after: '2' },
        matchPriority: { before: null, after: 'rematch' },
      },
    };
    expect(viewOf('audit', 'a2', personEntry, student).changes).toEqual({
      phoneNumber: { before: '1', after: '2' },
    });
    expect(viewOf('audit', 'a2', personEntry, mentor)).toEqual({});
  });

  it('shows an e-mail to its addressees only, in any letter case', () => {
    const mail = {
      to: ['Sam@Example.edu'],
      kind: 'approved',
      message: { subject: 'Hi', text: 't' },
      signInLinkFor: 'x',
    };
    expect(
      viewOf('mail', 'e', mail, { as: 'person', personId: 's1', emails: ['sam@example.edu'] }),
    ).toEqual({
      to: ['Sam@Example.edu'],
      kind: 'approved',
      message: { subject: 'Hi', text: 't' },
    });
    expect(
      viewOf('mail', 'e', mail, { as: 'person', personId: 'm1', emails: ['max@example.com'] }),
    ).toEqual({});
  });
});

describe('what a partner sees of a person', () => {
  it('only the partner fields, and one line about them from those', () => {
    const mentorDoc = {
      fullName: 'Max',
      email: 'max@example.com',
      phoneNumber: '+1 555',
      currentJobTitle: 'Engineer',
      company: 'Example',
      motivation: 'private',
    };
    expect(partnerView('mentors', mentorDoc)).toEqual({
      fullName: 'Max',
      email: 'max@example.com',
      currentJobTitle: 'Engineer',
      company: 'Example',
    });
    expect(aboutForPartner('mentor', mentorDoc)).toBe('Engineer at Example');
    expect(aboutForPartner('student', { academicProgram: 'BSc', universityName: 'U' })).toBe(
      'BSc, U',
    );
    expect(aboutForPartner('student', { yearOfStudy: '2nd Year Undergraduate' })).toBe('');
  });
});

describe('withoutLinkMaterial', () => {
  it('removes one-time links and placeholders, keeps ordinary links', () => {
    const text = [
      'Answer: https://site.example/my-application/check-in?token=abc_DEF-123&answer=met',
      'Reset: https://x.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=XYZ&apiKey=k',
      'Join: https://site.example/admin/accept-invitation?token=t0k',
      'Carry: https://site.example/carry-forward?token=q',
      'Sign in: [[sign-in-link]]',
      'FAQ: https://site.example/faq and https://site.example/certificates/AbC',
    ].join('\n');
    const out = withoutLinkMaterial(text);
    expect(out).not.toMatch(/abc_DEF|oobCode|XYZ|t0k|token=|\[\[/);
    expect(out.split(LINK_MATERIAL_AT_REST)).toHaveLength(6);
    expect(out).toContain('https://site.example/faq');
    expect(out).toContain('https://site.example/certificates/AbC');
  });
});
