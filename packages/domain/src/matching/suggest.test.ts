import type { MentorListItem, StudentListItem } from '../api';
import { proposeMatches } from './propose';
import { rankMentorsFor, rankStudentsFor } from './suggest';
import { mentorListItem, studentListItem } from '../../../../tests/factories';

// The list items of the shared factories, with the disciplines and topics these cases start from.
const mentor = (id: string, overrides: Partial<MentorListItem> = {}): MentorListItem =>
  mentorListItem(id, {
    preferredDisciplines: ['Design'],
    mentoringTopics: ['Leadership'],
    ...overrides,
  });

const student = (id: string, overrides: Partial<StudentListItem> = {}): StudentListItem =>
  studentListItem(id, { preferredDisciplines: ['Design'], mentoringTopics: null, ...overrides });

describe('Create Assignment suggestions rank as the proposal does', () => {
  const m = mentor('m');
  const students = [
    student('best', { mentoringTopics: ['Leadership'] }),
    student('carried', { matchPriority: 'carried-forward' }),
    student('rematch', { matchPriority: 'rematch' }),
  ];

  it('puts a student to re-match first, then one carried forward, then by score', () => {
    expect(rankStudentsFor(m, students).map((s) => s.person.id)).toEqual([
      'rematch',
      'carried',
      'best',
    ]);
  });

  it('agrees with the proposal for a mentor with one place', () => {
    const proposal = proposeMatches({
      students: students.map((s) => ({ ...s, matchPriority: s.matchPriority ?? null })),
      mentors: [{ ...m, freeCapacity: 1 }],
    });
    expect(proposal.pairs.map((p) => p.studentId)).toEqual([
      rankStudentsFor(m, students)[0]?.person.id,
    ]);
  });

  it('without priorities, orders by score then the longest-waiting application', () => {
    const ranked = rankStudentsFor(m, [
      student('late', { createdAt: '2024-03-01T00:00:00.000Z' }),
      student('early', { createdAt: '2024-02-01T00:00:00.000Z' }),
      student('top', { mentoringTopics: ['Leadership'] }),
      student('matched', { activePairId: 'a1' }),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['top', 'early', 'late']);
  });

  it('ranks mentors by score, then free places', () => {
    const ranked = rankMentorsFor(student('s', { mentoringTopics: ['Leadership'] }), [
      mentor('roomy', { mentoringTopics: [], capacity: 3 }),
      mentor('tight', { mentoringTopics: [] }),
      mentor('best'),
      mentor('full', { activeStudentCount: 1 }),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['best', 'roomy', 'tight']);
  });
});

describe('Create Assignment suggestions follow the TIME-ZONE RULE (working-hours.ts)', () => {
  const tokyo = student('tokyo', {
    timeZone: 'Asia/Tokyo',
    preferredDisciplines: ['Design', 'Business'],
    mentoringTopics: ['Leadership'],
  });

  it('puts a Singapore mentor 1 point below above a Los Angeles one, with the hours', () => {
    const ranked = rankMentorsFor(tokyo, [
      mentor('la', {
        timeZone: 'America/Los_Angeles',
        preferredDisciplines: ['Design', 'Business'],
      }),
      mentor('sg', { timeZone: 'Asia/Singapore' }),
    ]);
    expect(ranked.map((s) => [s.person.id, s.match.score, s.overlapHours])).toEqual([
      ['sg', 2, 11],
      ['la', 3, 4],
    ]);
  });

  it('keeps the score first across a gap of 2, and an unknown zone neither way', () => {
    const ranked = rankMentorsFor(tokyo, [
      mentor('la', {
        timeZone: 'America/Los_Angeles',
        preferredDisciplines: ['Design', 'Business'],
      }),
      mentor('sg', { timeZone: 'Asia/Singapore', mentoringTopics: [] }),
      mentor('unknown', { timeZone: 'somewhere', mentoringTopics: [] }),
    ]);
    expect(ranked.map((s) => [s.person.id, s.overlapHours])).toEqual([
      ['la', 4],
      ['sg', 11],
      ['unknown', null],
    ]);
  });

  it('ranks students for a mentor the same way, after priority', () => {
    const la = mentor('la', {
      timeZone: 'America/Los_Angeles',
      preferredDisciplines: ['Design', 'Business'],
    });
    const ranked = rankStudentsFor(la, [
      student('tokyo', { timeZone: 'Asia/Tokyo', preferredDisciplines: ['Design', 'Business'] }),
      student('vancouver', { timeZone: 'America/Vancouver' }),
      student('rematch', { timeZone: 'Asia/Tokyo', matchPriority: 'rematch' }),
    ]);
    expect(ranked.map((s) => s.person.id)).toEqual(['rematch', 'vancouver', 'tokyo']);
  });
});
