import { freePlaces, mentorCanTakeStudent, studentCanBeMatched } from './people';

describe('who can be matched', () => {
  it('counts a mentor’s free places from capacity (default 1), never below zero', () => {
    expect(freePlaces({ capacity: 3, activeStudentCount: 1 })).toBe(2);
    expect(freePlaces({})).toBe(1);
    expect(freePlaces({ capacity: 1, activeStudentCount: 2 })).toBe(0);
  });
  it('lets only an active mentor with a free place take a student', () => {
    expect(mentorCanTakeStudent({ isActive: true, capacity: 2, activeStudentCount: 1 })).toBe(true);
    expect(mentorCanTakeStudent({ isActive: true, capacity: 2, activeStudentCount: 2 })).toBe(
      false,
    );
    expect(mentorCanTakeStudent({ isActive: false, capacity: 2, activeStudentCount: 0 })).toBe(
      false,
    );
  });
  it('matches only an active student without an active pair', () => {
    expect(studentCanBeMatched({ isActive: true, activePairId: null })).toBe(true);
    expect(studentCanBeMatched({ isActive: true, activePairId: 'm__s' })).toBe(false);
    expect(studentCanBeMatched({ isActive: false })).toBe(false);
  });
});
