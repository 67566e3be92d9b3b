import { theCohort } from './cohort-records';
import { cohortPhase, isIsoDay, programEndFor, type CohortDates } from './cohort';

const fall: CohortDates = {
  applicationsOpen: '2027-06-01',
  applicationsClose: '2027-07-31',
  matchingDoneBy: '2027-08-20',
  programStart: '2027-09-01',
  programEnd: '2027-12-31',
};

describe('cohortPhase', () => {
  it.each([
    ['2027-05-31T23:59:59.999Z', 'upcoming'],
    ['2027-06-01T00:00:00.000Z', 'applications-open'],
    ['2027-07-31T23:59:59.999Z', 'applications-open'],
    ['2027-08-01T00:00:00.000Z', 'matching'],
    ['2027-08-31T23:59:59.999Z', 'matching'],
    ['2027-09-01T00:00:00.000Z', 'running'],
    ['2027-12-31T23:59:59.999Z', 'running'],
    ['2028-01-01T00:00:00.000Z', 'completed'],
  ])('on %s is %s', (at, phase) => {
    expect(cohortPhase(fall, new Date(at))).toBe(phase);
  });
});

describe('dates', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDay('2027-02-28')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2027-2-28')).toBe(false);
    expect(isIsoDay(20270228)).toBe(false);
  });

  it('ends a 4-month program the day before the same date 4 months on', () => {
    expect(programEndFor('2027-09-01')).toBe('2027-12-31');
    expect(programEndFor('2028-01-15')).toBe('2028-05-14');
  });
});

describe('theCohort', () => {
  it('names a cohort once', () => {
    expect(theCohort('Fall 2027')).toBe('the Fall 2027 cohort');
    expect(theCohort('Founding cohort')).toBe('the Founding cohort');
  });
});
